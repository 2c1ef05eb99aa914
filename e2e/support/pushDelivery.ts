import { expect, type CDPSession, type Page } from '@playwright/test';

/** How long one delivery may take before it counts as dropped (a handled push takes ~150 ms here). */
const HANDLED_WITHIN_MS = 5_000;
/** Deliveries tried before giving up: the browser drops one now and then, the worker never should. */
const ATTEMPTS = 3;

interface Registration {
  readonly registrationId: string;
  readonly scopeURL: string;
  readonly isDeleted: boolean;
}
interface Version {
  readonly registrationId: string;
  readonly runningStatus: string;
  readonly status: string;
}

/** Resolves with the registration id for `scope` once its active version is activated and running. */
function runningWorker(cdp: CDPSession, scope: string): Promise<string> {
  let ours: string | undefined;
  const running = new Set<string>();
  return new Promise((resolve) => {
    const settle = () => {
      if (ours && running.has(ours)) resolve(ours);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Registration[] }) => {
      ours ??= registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted)?.registrationId;
      settle();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: Version[] }) => {
      for (const version of versions) {
        if (version.status === 'activated' && version.runningStatus === 'running') running.add(version.registrationId);
        else if (version.status === 'activated') running.delete(version.registrationId);
      }
      settle();
    });
  });
}

/** Starts counting the worker's 'update-notifications' messages in the page. */
async function countWorkerUpdates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const counter = window as unknown as { pushUpdatesSeen?: number };
    if (counter.pushUpdatesSeen !== undefined) return;
    counter.pushUpdatesSeen = 0;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'update-notifications') counter.pushUpdatesSeen = (counter.pushUpdatesSeen ?? 0) + 1;
    });
  });
}

const workerUpdatesSeen = (page: Page) => page.evaluate(() => (window as unknown as { pushUpdatesSeen?: number }).pushUpdatesSeen ?? 0);

/**
 * Hands a push message to the page's real service worker, as the browser does when its push
 * service delivers one: Chrome DevTools Protocol `ServiceWorker.deliverPushMessage`, which fires
 * the worker's `push` event with exactly these bytes.
 *
 * That command does not report the outcome: the browser starts the worker if it is stopped and
 * dispatches the event later, and under load it has been seen to drop one (no push event within
 * 10 s, where one is handled in ~150 ms). So this starts the worker and waits until it runs, then
 * delivers, and returns only once the worker has handled the push: its handler posts
 * 'update-notifications' to the open pages after showNotification settles. A delivery not handled
 * within 5 s is tried again, as a push service retries a message its browser did not take; a
 * worker that never handles one fails the test.
 */
export async function deliverPushToServiceWorker(page: Page, data: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  await countWorkerUpdates(page);
  const before = await workerUpdatesSeen(page);
  const cdp = await page.context().newCDPSession(page);
  try {
    const worker = runningWorker(cdp, `${origin}/`);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.startWorker', { scopeURL: `${origin}/` });
    const registrationId = await worker;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      if (attempt > 1) console.warn(`push delivery ${attempt - 1} was not handled within ${HANDLED_WITHIN_MS} ms; delivering again`);
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
      const isHandled = await expect
        .poll(() => workerUpdatesSeen(page), { timeout: HANDLED_WITHIN_MS })
        .toBeGreaterThan(before)
        .then(() => true, () => false);
      if (isHandled) return;
    }
    throw new Error(`the service worker did not handle the push in ${ATTEMPTS} deliveries`);
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
