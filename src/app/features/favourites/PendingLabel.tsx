import { pendingText } from './notices';
import type { PendingChange } from './pendingChanges';

/** 'Waiting to sync' beside an item whose change the server has not confirmed yet. */
export function PendingLabel({ change }: { readonly change: PendingChange | undefined }) {
  if (!change) return null;
  return <span className="pending-label">{pendingText(change)}</span>;
}
