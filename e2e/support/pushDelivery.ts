import type { Page } from '@playwright/test';

/**
 * Hands a push message to the page's real service worker, as the browser does when its push
 * service delivers one: Chrome DevTools Protocol `ServiceWorker.deliverPushMessage`, which fires
 * the worker's `push` event with exactly these bytes.
 */
export async function deliverPushToServiceWorker(page: Page, data: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  try {
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  } finally {
    await cdp.detach();
  }
}

export interface ShownNotification {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly data: unknown;
}

/** The system notifications the service worker is showing (ServiceWorkerRegistration.getNotifications). */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown }));
  });
}
