import { announceWrite, type WriteDelivery } from '../../sync/writeDelivery';
import { toast } from '../../ui/toast/toastStore';
import { favouriteNotice, notSavedText, undoLabel, undoTimeoutMs } from './notices';

export interface FavouriteActions {
  /** The item's name as the lists show it, for the notices. */
  readonly name: string;
  /** Each resolves with the write's delivery: sent, or kept on this device. */
  readonly add: () => Promise<WriteDelivery>;
  readonly remove: () => Promise<WriteDelivery>;
}

function reportNotSaved(error: unknown): void {
  console.error('Queueing a favourite change failed', error);
  toast.negative(notSavedText);
}

/**
 * SPEC §4: adds or removes at once and tells the user (§8), naming the item: the SPEC's notice once
 * the server has it, or that it is saved on this device and will sync (worded by the sync layer). A
 * removal offers Undo, which re-adds silently: no second notice. Each notice's Undo holds its own
 * item's actions, so two removals in a row give two toasts that each restore their own item.
 */
export async function toggleFavourite(isFavourite: boolean, actions: FavouriteActions): Promise<void> {
  try {
    if (!isFavourite) {
      await announceWrite(actions.add(), favouriteNotice('added', actions.name));
      return;
    }
    await announceWrite(actions.remove(), favouriteNotice('removed', actions.name), {
      timeout: undoTimeoutMs,
      action: { label: undoLabel, onAction: () => void actions.add().catch(reportNotSaved) },
    });
  } catch (error) {
    reportNotSaved(error);
  }
}
