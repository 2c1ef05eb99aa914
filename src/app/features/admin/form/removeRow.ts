import { toast } from '../../../ui/toast/toastStore';

interface RemoveRow {
  /** The confirmation question; it may fetch what it needs first. */
  readonly question: () => string | Promise<string>;
  readonly remove: () => Promise<unknown>;
  /** The toast after deleting, e.g. 'Link “Moodle” deleted'. */
  readonly done: string;
  /** The toast when it failed without a message of its own. */
  readonly failure: string;
  /** Reloads the list the row was in. */
  readonly reload: () => Promise<unknown>;
}

/** Deletes one row of an admin list once the admin confirms, then reloads the list; a failure is a toast. */
export async function removeRow({ question, remove, done, failure, reload }: RemoveRow): Promise<void> {
  try {
    if (!window.confirm(await question())) return;
    await remove();
    toast.positive(done);
    await reload();
  } catch (error) {
    toast.negative(error instanceof Error ? error.message : failure);
  }
}
