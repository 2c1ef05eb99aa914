/** Page-side listeners for things the service worker or the update flow announce. */
type Listener = () => void;

const notificationsListeners = new Set<Listener>();
const beforeUpdateListeners = new Set<Listener>();

/** SPEC §4: an 'update-notifications' message reloads the notifications. */
export function onNotificationsChanged(listener: Listener): () => void {
  notificationsListeners.add(listener);
  return () => notificationsListeners.delete(listener);
}

/** Fired before the page hands over to a new worker, e.g. to stop the service status feed. */
export function onBeforeUpdate(listener: Listener): () => void {
  beforeUpdateListeners.add(listener);
  return () => beforeUpdateListeners.delete(listener);
}

export function emitNotificationsChanged(): void {
  for (const listener of notificationsListeners) listener();
}

export function emitBeforeUpdate(): void {
  for (const listener of beforeUpdateListeners) listener();
}
