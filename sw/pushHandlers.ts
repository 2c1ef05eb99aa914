import type { WorkerToPageMessage } from '../src/app/sw/messages';
import { clickTarget, notificationFor, parsePushMessage } from './pushMessage';

/** The parts of the service worker's global scope the push handlers use (a fake in tests). */
export interface PushScope {
  readonly origin: string;
  readonly registration: Pick<ServiceWorkerRegistration, 'showNotification'>;
  readonly clients: Pick<Clients, 'matchAll' | 'openWindow'>;
}

const updateNotifications: WorkerToPageMessage = { type: 'update-notifications' };

/**
 * A push: show it as a system notification (browsers require one for every push), then tell every
 * open page to reload its notifications (SPEC §4 'update-notifications'). The pages are told even
 * when the system notification cannot be shown (permission withdrawn since): the server has stored
 * the notification, so the list has it either way.
 */
export async function handlePush(scope: PushScope, text: string | null): Promise<void> {
  const { title, options } = notificationFor(parsePushMessage(text));
  try {
    await scope.registration.showNotification(title, options);
  } finally {
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of windows) client.postMessage(updateNotifications);
  }
}

/**
 * A click on a notification: close it, then bring an open app window forward on its url, or open
 * a new window there when none is open (or the open one cannot be navigated).
 */
export async function handleNotificationClick(scope: PushScope, notification: Pick<Notification, 'close' | 'data'>): Promise<void> {
  notification.close();
  const target = clickTarget(notification.data, scope.origin);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.filter((client) => new URL(client.url).origin === scope.origin);
  const client = open.find((candidate) => candidate.focused) ?? open.find((candidate) => candidate.visibilityState === 'visible') ?? open[0];
  if (client) {
    try {
      const focused = await client.focus();
      if (focused.url === target) return;
      if (await focused.navigate(target)) return;
    } catch {
      // An uncontrolled window cannot be navigated from here: open the url instead.
    }
  }
  await scope.clients.openWindow(target);
}
