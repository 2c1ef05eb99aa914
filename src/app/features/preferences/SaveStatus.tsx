import { useSyncExternalStore } from 'react';
import { isServerReachable, subscribeServerReachable } from '../../sync/connectivity';

/** "Saving…" while a change is on its way; "Saved offline, will sync" while the server is out of reach. */
export function saveStatusText(isPending: boolean, isReachable: boolean): string {
  if (!isPending) return '';
  return isReachable ? 'Saving…' : 'Saved offline, will sync';
}

export function SaveStatus({ isPending }: { readonly isPending: boolean }) {
  const isReachable = useSyncExternalStore(subscribeServerReachable, isServerReachable, isServerReachable);
  return (
    <p role="status" className="save-status">
      {saveStatusText(isPending, isReachable)}
    </p>
  );
}
