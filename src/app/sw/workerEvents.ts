/** Page-side listeners for things the service worker or the update flow announce. */
type Listener = () => void;
/** Stops something of the page's before an update; what it returns settles once that has stopped. */
type BeforeUpdateListener = () => unknown;

const notificationsListeners = new Set<Listener>();
const beforeUpdateListeners = new Set<BeforeUpdateListener>();

/** SPEC §4: an 'update-notifications' message reloads the notifications. */
export function onNotificationsChanged(listener: Listener): () => void {
  notificationsListeners.add(listener);
  return () => notificationsListeners.delete(listener);
}

/**
 * Fired before the page hands over to a new worker, to stop the page's periodic requests (the
 * status feed, the reachability probe); a listener may return a promise that settles once they have.
 */
export function onBeforeUpdate(listener: BeforeUpdateListener): () => void {
  beforeUpdateListeners.add(listener);
  return () => beforeUpdateListeners.delete(listener);
}

export function emitNotificationsChanged(): void {
  for (const listener of notificationsListeners) listener();
}

/** Resolves once every listener's stop has settled (a failed stop counts as stopped). */
export async function emitBeforeUpdate(): Promise<void> {
  await Promise.allSettled([...beforeUpdateListeners].map((listener) => Promise.resolve().then(listener)));
}
