import type { Workbox } from 'workbox-window';
import { serviceWorker as swConstants } from '../../shared/constants';
import { isWorkerMessage, type WorkerToPageMessage } from './messages';
import { guardNavigation, RELOAD_MARKER_KEY, reloadOnceForUpdate, type UpdatePort } from './updateFlow';
import { emitBeforeUpdate, emitNotificationsChanged } from './workerEvents';
import { showUpdateOverlay } from './updateOverlay';

export interface WorkerHooks {
  /** An API response passed through the worker (SPEC §4: a fetch event extends the session). */
  readonly onApiActivity: (activity: { url: string; ok: boolean; status: number }) => void;
}

let workbox: Workbox | undefined;
let registration: ServiceWorkerRegistration | undefined;
let isStarting = false;

// The registration's own `waiting` is the truth: workbox-window's 'waiting' event can come later
// than the browser's state, and a navigation in between must already hand over.
const port: UpdatePort = {
  hasWaitingWorker: () => Boolean(registration?.waiting),
  skipWaiting: () => registration?.waiting?.postMessage({ type: 'SKIP_WAITING' }),
  handedOver: () =>
    new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      const waiting = registration?.waiting;
      waiting?.addEventListener('statechange', () => {
        if (waiting.state === 'activated') resolve();
      });
    }),
  checkForUpdate: async () => {
    await workbox?.update();
  },
  // Rare (a hand-over that never came), so it loads only then, off the route budgets.
  letGoOfWorker: async () => {
    if (registration) await (await import('./letGoOfWorker')).letGoOfWorker(registration);
  },
};

function handleMessage(message: WorkerToPageMessage, hooks: WorkerHooks): void {
  if (message.type === 'fetch') hooks.onApiActivity(message);
  else if (message.type === 'update-notifications') emitNotificationsChanged();
  else reloadOnceForUpdate(sessionStorage, () => location.reload());
}

/** Registers /service-worker.js (scope /) in production builds and checks for updates every 120 s. */
export function startServiceWorker(hooks: WorkerHooks): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || isStarting) return;
  // A page that loaded after an update may clear the marker for the next one.
  sessionStorage.removeItem(RELOAD_MARKER_KEY);
  isStarting = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if (isWorkerMessage(event.data)) handleMessage(event.data, hooks);
  });
  // workbox-window is not needed to paint: it loads on its own, off the entry chunk.
  import('workbox-window').then(
    ({ Workbox: WorkboxClass }) => {
      workbox = new WorkboxClass(swConstants.path, { scope: swConstants.scope });
      workbox.register().then(
        (found) => {
          registration = found;
        },
        (error: unknown) => console.warn('Service worker registration failed', error),
      );
      setInterval(() => void port.checkForUpdate().catch(() => {}), swConstants.updateCheckSeconds * 1000);
    },
    (error: unknown) => console.warn('Service worker registration failed', error),
  );
}

/**
 * The route guard's first step (SPEC §4): returns true when this navigation was cancelled because
 * the page is switching to a new version; the page then reloads into `targetUrl`.
 */
export function cancelNavigationForUpdate(targetUrl: string): boolean {
  if (!workbox) return false;
  return guardNavigation(port, {
    markReloadForUpdate: () => sessionStorage.setItem(RELOAD_MARKER_KEY, 'pending'),
    stopBackgroundRequests: emitBeforeUpdate,
    showOverlay: showUpdateOverlay,
    replaceLocation: (url) => location.replace(url),
  }, targetUrl);
}
