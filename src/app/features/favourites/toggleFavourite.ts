import { isServerReachable } from '../../sync/connectivity';
import { toast } from '../../ui/toast/toastStore';
import { isViewingAs } from '../viewAs/isViewingAs';
import { favouriteNotice, notSavedText, undoLabel, undoTimeoutMs } from './notices';

export interface FavouriteActions {
  readonly add: () => Promise<void>;
  readonly remove: () => Promise<void>;
}

function isOnline(): boolean {
  return isServerReachable() && globalThis.navigator?.onLine !== false;
}

function reportNotSaved(error: unknown): void {
  console.error('Queueing a favourite change failed', error);
  toast.negative(notSavedText);
}

/**
 * SPEC §4: adds or removes at once and tells the user (§8). A removal offers Undo, which re-adds
 * silently: no second notice.
 */
export async function toggleFavourite(isFavourite: boolean, actions: FavouriteActions): Promise<void> {
  try {
    if (!isFavourite) {
      await actions.add();
      // Viewing as someone (issue 17): nothing was saved; the server's refusal is the notice.
      if (isViewingAs()) return;
      toast.positive(favouriteNotice('added', isOnline()));
      return;
    }
    await actions.remove();
    if (isViewingAs()) return;
    toast.positive(favouriteNotice('removed', isOnline()), {
      timeout: undoTimeoutMs,
      action: { label: undoLabel, onAction: () => void actions.add().catch(reportNotSaved) },
    });
  } catch (error) {
    reportNotSaved(error);
  }
}
