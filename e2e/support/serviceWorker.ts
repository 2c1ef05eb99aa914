import type { Page } from '@playwright/test';

/** Waits until the service worker is active and controls the page, so the shell is precached. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What the page knows of its workers, for a failure message when an update does not take over. */
export async function serviceWorkerState(page: Page): Promise<string> {
  const state = await page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const describe = (worker: ServiceWorker | null | undefined) => (worker ? `${worker.state} ${new URL(worker.scriptURL).pathname}` : 'none');
      return {
        url: location.pathname,
        build: document.documentElement.dataset.build,
        controller: describe(navigator.serviceWorker.controller),
        active: describe(registration?.active),
        waiting: describe(registration?.waiting),
        installing: describe(registration?.installing),
        overlay: document.getElementById('update-overlay')?.textContent ?? 'none',
        reloadMarker: sessionStorage.getItem('cc.reloadForUpdate'),
      };
    })
    .catch((error: unknown) => ({ unreadable: String(error) }));
  return JSON.stringify(state);
}
