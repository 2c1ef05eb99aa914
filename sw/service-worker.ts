/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { healthRoute, realtimeHubPath } from '../src/shared/contract/realtime';
import { isSessionActivity, type WorkerToPageMessage } from '../src/app/sw/messages';
import { userIdFromOutboxSyncTag } from '../src/app/sync/syncTag';
import { flushUserOutbox } from '../src/app/sync/workerFlush';
// Every named mutation, so the worker's flush can send whatever the page queued.
import '../src/app/startup/registeredMutations';
import { handleNotificationClick, handlePush, type PushScope } from './pushHandlers';
import { isRecord } from '../src/shared/guards';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** How often the worker reports API activity to a page at most (SPEC §9 session extension throttle). */
const ACTIVITY_THROTTLE_MS = 3000;

// The app shell: every built file, precached at install and served offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations are answered with the shell, so any route opens offline. /api stays on the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// Hashed build files left out of the precache (the map engine) are kept once fetched: their
// names change with their content, so a cached copy is never stale.
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.destination === 'script',
  new CacheFirst({ cacheName: 'lazy-assets' }),
);

// Font files not precached (other scripts' subsets) are kept once fetched.
registerRoute(({ request, url }) => request.destination === 'font' && url.origin === self.location.origin, new CacheFirst({ cacheName: 'fonts' }));

const lastReport = new Map<string, number>();

/** Tells the page behind `clientId` that an API call went through, at most once per throttle window. */
async function reportActivity(clientId: string, message: WorkerToPageMessage): Promise<void> {
  const now = Date.now();
  if (now - (lastReport.get(clientId) ?? 0) < ACTIVITY_THROTTLE_MS) return;
  lastReport.set(clientId, now);
  const client = await self.clients.get(clientId);
  client?.postMessage(message);
}

// API reads are not cached here (Dexie is the one read cache); the worker only passes them on and
// reports each response so the page can extend its session (SPEC §4 and §7).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/api/') || event.request.mode === 'navigate') return;
  // The status feed (a long-lived event stream and its pings) goes straight to the network: it is
  // not the user's activity, so it is never reported (SPEC §7), and the worker holds no stream.
  if (url.pathname.startsWith(realtimeHubPath)) return;
  // The header's reachability probe (every 5 s) is about the server, not the worker, and goes
  // straight to the network too: it would wake the worker every 5 s for nothing (below, 'install').
  if (url.pathname === healthRoute.path) return;
  // An upload (an absence's evidence, an import bundle) goes straight to the network too: a request
  // the worker passes on with its own fetch reports no upload progress to the page's XMLHttpRequest.
  // The page tells the session about the answer itself.
  if (event.request.headers.get('content-type')?.startsWith('multipart/form-data')) return;
  event.respondWith(
    fetch(event.request).then((response) => {
      const message: WorkerToPageMessage = { type: 'fetch', url: url.href, ok: response.ok, status: response.status };
      if (event.clientId && isSessionActivity(message)) event.waitUntil(reportActivity(event.clientId, message));
      return response;
    }),
  );
});

interface RouterRule {
  readonly condition: { readonly urlPattern: string };
  readonly source: 'network';
}
interface RoutableInstallEvent extends ExtendableEvent {
  /** The Service Worker Static Routing API (Chromium); absent elsewhere. */
  readonly addRoutes?: (rules: RouterRule[]) => Promise<void>;
}

// The status feed and the reachability probe never reach the worker where the browser can route
// them past. An outgoing worker hands over to a new version (skipWaiting) only once it has no work:
// a long-lived stream it holds keeps the new version waiting (swUpdate.spec.ts, decision 0035).
self.addEventListener('install', (event: RoutableInstallEvent) => {
  const straightToNetwork = [`${realtimeHubPath}*`, healthRoute.path].map((urlPattern): RouterRule => ({ condition: { urlPattern }, source: 'network' }));
  if (event.addRoutes) event.waitUntil(event.addRoutes(straightToNetwork).catch(() => {}));
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (isRecord(data) && data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // The first worker takes control at once, so the very first visit is already offline-ready.
  event.waitUntil(self.clients.claim());
});

/** Background Sync's event, which TypeScript's WebWorker library does not have yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

// Background Sync: queued writes (favourites, mark-as-read, preferences) are replayed even when no
// page is open. Rejecting leaves the sync registered, so the browser tries again later.
self.addEventListener('sync', (event) => {
  const userId = userIdFromOutboxSyncTag(event.tag);
  if (userId) event.waitUntil(flushUserOutbox(userId, fetch));
});

const pushScope: PushScope = {
  origin: self.location.origin,
  registration: self.registration,
  clients: self.clients,
};

// Push (SPEC §4 notifications): show it, and tell open pages to reload their notification list.
self.addEventListener('push', (event) => {
  event.waitUntil(handlePush(pushScope, event.data?.text() ?? null));
});

// A click opens the notification's url in the app (an open window if there is one).
self.addEventListener('notificationclick', (event) => {
  event.waitUntil(handleNotificationClick(pushScope, event.notification));
});
