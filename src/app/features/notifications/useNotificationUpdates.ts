import { useEffect } from 'react';
import { onNotificationsChanged } from '../../sw/workerEvents';
import { ensureFresh } from '../../sync/ensureFresh';
import { notificationsResource } from './resources';

/**
 * SPEC §4: the service worker's 'update-notifications' message (a push arrived while the app is
 * open) reloads the list from the server, however fresh the copy. Returns the unsubscribe function.
 */
export function reloadOnWorkerMessage(): () => void {
  const stop = onNotificationsChanged(() => {
    ensureFresh(notificationsResource, { force: true }).catch((error: unknown) => console.warn('Reloading notifications failed', error));
  });
  return () => void stop();
}

/** `reloadOnWorkerMessage` for the lifetime of a component; mount it once in the signed-in area. */
export function useNotificationUpdates(): void {
  useEffect(reloadOnWorkerMessage, []);
}
