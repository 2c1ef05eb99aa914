// The page side of the outbox: when to flush, and what to do with the outcome. See outbox.ts.
import { liveQuery } from 'dexie';
import { reportingFetch } from '../api/request';
import { cookieXsrfTokenSource } from '../api/xsrf';
import { getUserDatabase } from '../db/userDatabase';
import { reportServerReachable, subscribeServerReachable } from './connectivity';
import { ensureFresh } from './ensureFresh';
import { createOutboxFlusher, drainRefusals, type FlushOutcome } from './outboxFlusher';
import { findResource } from './registry';
import { outboxSyncTag } from './syncTag';
import { emitWriteRefused } from './writeRefusals';

export const baseRetryMs = 10_000;
export const maxRetryMs = 60_000;
/**
 * The first retry after the browser says it is back online: a network that has just come back
 * often fails the first request (the page's side is up before the service worker's, a Wi-Fi
 * captive check is still running), and a student who sees the signal return expects the sync now,
 * not in ten seconds. Later failures back off as usual.
 */
export const reconnectRetryMs = 2_000;

export interface OutboxSyncOptions {
  readonly userId: string;
  readonly fetch?: typeof fetch;
  /** Schedules a retry; returns its cancel function. Tests pass their own clock. */
  readonly setTimer?: (run: () => void, ms: number) => () => void;
}

export interface OutboxSync {
  /** Flushes now (joining a flush under way) and reloads the resources that settled. */
  flush(): Promise<FlushOutcome>;
  stop(): void;
}

const browserTimer = (run: () => void, ms: number): (() => void) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

export function createOutboxSync({ userId, fetch: fetchFn, setTimer = browserTimer }: OutboxSyncOptions): OutboxSync {
  let running: Promise<FlushOutcome> | undefined;
  let isRerunWanted = false;
  let failures = 0;
  let cancelTimer: (() => void) | undefined;
  let isStopped = false;
  let isSyncTagRegistered = false;
  /** The queue's length as last seen: at the end of a flush that left writes, then live. */
  let lastCount: number | undefined;
  /** The flush under way was started by the browser coming back online. */
  let isAfterReconnect = false;

  const schedule = (ms: number) => {
    cancelTimer?.();
    cancelTimer = isStopped ? undefined : setTimer(() => void flush().catch(logFailure), ms);
  };

  async function flushOnce(): Promise<FlushOutcome> {
    const db = getUserDatabase(userId); // looked up each time: survives a database restart
    const fetchToUse = fetchFn ?? reportingFetch;
    const flusher = createOutboxFlusher({ db, userId, fetch: fetchToUse, xsrfTokens: cookieXsrfTokenSource(fetchToUse) });
    const outcome = await flusher.flush();
    // Refusals recorded by this flush, an earlier one that crashed, or the service worker's.
    for (const refusal of await drainRefusals(db)) emitWriteRefused(refusal);
    reportServerReachable(outcome.status !== 'offline');
    await Promise.all(outcome.settledKeys.filter((key) => findResource(key)).map((key) => ensureFresh(key, { force: true }).catch(logFailure)));
    if (outcome.status === 'done') {
      failures = 0;
      cancelTimer?.();
      cancelTimer = undefined;
      isSyncTagRegistered = false;
    } else {
      // What this flush left behind: a later, shorter queue was sent by someone else (below).
      lastCount = await db.outbox.count();
      failures += 1;
      schedule(isAfterReconnect && failures === 1 ? reconnectRetryMs : Math.min(maxRetryMs, baseRetryMs * 2 ** (failures - 1)));
      if (!isSyncTagRegistered) isSyncTagRegistered = registerBackgroundSync(userId);
    }
    return outcome;
  }

  function flush(): Promise<FlushOutcome> {
    if (running) {
      isRerunWanted = true;
      return running;
    }
    running = flushOnce().finally(() => {
      running = undefined;
      if (isRerunWanted && !isStopped) {
        isRerunWanted = false;
        void flush().catch(logFailure);
      }
    });
    return running;
  }

  const flushSoon = () => {
    failures = 0;
    void flush().catch(logFailure);
  };
  const flushOnReconnect = () => {
    isAfterReconnect = true;
    failures = 0;
    void flush()
      .catch(logFailure)
      .finally(() => {
        isAfterReconnect = false;
      });
  };
  const unsubscribeReachable = subscribeServerReachable((isReachable) => {
    if (isReachable && cancelTimer && !running) flushSoon(); // a fetch got through: no need to wait for the timer
  });
  globalThis.addEventListener?.('online', flushOnReconnect);
  // While a retry waits, the service worker's Background Sync (or another tab) may send this same
  // queue: its writes leave the outbox, so the server answered it. Learn that now, not at the
  // timer: flush at once, which sends whatever is left and settles the page ('done': reachable,
  // the timer and the backoff cleared). Without it, a flush that failed as the connection came
  // back (its request went out before the network was up) kept the page 'Server unreachable'
  // until the timer, 10 s to a minute later, though everything had been sent.
  const watch = liveQuery(() => getUserDatabase(userId).outbox.count()).subscribe({
    next: (count) => {
      const isShorter = lastCount !== undefined && count < lastCount;
      lastCount = count;
      if (isShorter && cancelTimer && !running && !isStopped) flushSoon();
    },
    error: logFailure,
  });

  return {
    flush,
    stop() {
      isStopped = true;
      cancelTimer?.();
      watch.unsubscribe();
      unsubscribeReachable();
      globalThis.removeEventListener?.('online', flushOnReconnect);
    },
  };
}

interface SyncRegistration {
  readonly sync?: { register(tag: string): Promise<void> };
}

/** Lets the service worker replay the queue after the page has gone (Background Sync API). */
function registerBackgroundSync(userId: string): boolean {
  const container = (globalThis.navigator as { serviceWorker?: { ready: Promise<SyncRegistration> } } | undefined)?.serviceWorker;
  if (!container) return false;
  void container.ready.then((registration) => registration.sync?.register(outboxSyncTag(userId))).catch(logFailure);
  return true;
}

function logFailure(error: unknown): void {
  console.warn('Outbox sync:', error);
}

// ---- the page's one instance ----

let current: { readonly userId: string; readonly sync: OutboxSync } | undefined;

/** Starts flushing this user's queue (start-up, `online`, timer); idempotent. Flushes once now. */
export function startOutboxSync(userId: string): void {
  if (current?.userId === userId) return;
  current?.sync.stop();
  current = { userId, sync: createOutboxSync({ userId }) };
  void current.sync.flush().catch(logFailure);
}

export function stopOutboxSync(): void {
  current?.sync.stop();
  current = undefined;
}

/** Flushes the queue now, e.g. when the service worker asks; undefined when sync is not started. */
export function flushOutbox(): Promise<FlushOutcome | undefined> {
  return current ? current.sync.flush() : Promise.resolve(undefined);
}

/** Fire-and-forget flush, after a write was queued. */
export function requestFlush(): void {
  void flushOutbox().catch(logFailure);
}
