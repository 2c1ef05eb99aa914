/**
 * The offline write queue (GUIDE "Client data flow: offline first").
 *
 * Design
 * - `enqueueWrite` runs ONE Dexie transaction over `resources` and `outbox`: it applies the
 *   optimistic change to the resource row, marks it pending, bumps its version, clears its ETag
 *   (the value no longer is the server's), and appends the request: method, URL and JSON body.
 *   No antiforgery token is stored: the flusher sends the one valid at send time (the page's
 *   cookie; in the service worker, GET /api/antiforgerytoken's body), and a refusal for the token
 *   is retried once with a fresh one and never counts as the write being refused.
 * - The flusher (outboxFlusher.ts: plain data in, `fetch` and the database passed in, no DOM or
 *   React, so the service worker's Background Sync handler can run it too) sends entries strictly
 *   in `seq` order, one at a time, under a Web Lock so a page and the worker never interleave:
 *     fetch throws        -> stop, keep the entry (offline; retried later)
 *     2xx                 -> delete it; the resource settles when no other entry for it remains
 *     401, 408, 429       -> stop, keep it (signed out or throttled: not the write's fault)
 *     other 4xx           -> delete it and record a refusal; the resource settles likewise
 *     5xx                 -> stop, keep it, retry with backoff
 *   Deleting the entry, recording the refusal and settling happen in one transaction, so a crash
 *   replays the write (idempotent) rather than losing it or telling the user twice. A settled
 *   resource loses its pending mark and is marked stale, so the next `ensureFresh` reloads it:
 *   that drops a refused change and picks up whatever the server normalised.
 *   Before sending, it checks that the server's signed-in user owns this queue, so one user's
 *   writes are never replayed in another user's session.
 * - The page's scheduler (outboxSync.ts) flushes at start-up, after each enqueue, on `online`,
 *   when any fetch reaches the server again, and on a timer while entries remain (10 s, doubling
 *   to 60 s while the server is unreachable or failing). It reloads settled resources at once,
 *   takes the recorded refusals (its own and the worker's) to `onWriteRefused` listeners (the
 *   negative toast), and registers a Background Sync tag (`outboxSyncTag`) so the worker can
 *   replay after the page has closed (workerFlush.ts).
 * - While a resource has queued writes, `ensureFresh` does not overwrite its optimistic value, nor
 *   store an answer to a request that left before the latest write (the row's version changed).
 * - tests/app/sync/outbox.property.test.ts checks all of this against random interleavings.
 * - Every request carries an Idempotency-Key (the entry id); the server's writes are idempotent,
 *   so a replay after a lost response never duplicates.
 */
import { z } from 'zod/mini';
import type { RouteDescriptor } from '../../shared/contract/route';
import { buildUrl } from '../api/url';
import { activeUserDatabase } from '../db/userDatabase';
import { requestFlush } from './outboxSync';
import { resourceKeyOf, type ResourceRef } from './registry';

export type WriteRoute = RouteDescriptor & { readonly method: 'POST' | 'PUT' | 'DELETE' };
type BodyOf<R> = R extends { readonly body: infer B extends z.core.$ZodType } ? z.input<B> : undefined;

export interface WriteRequest<R extends WriteRoute, T> {
  readonly route: R;
  readonly params?: Readonly<Record<string, string | number>>;
  /** The cached resource this write changes. */
  readonly resource: ResourceRef<T>;
  /** The optimistic change: the resource's value after the write, from its value before. */
  readonly apply: (current: T | undefined) => T;
  /** The JSON body, or a function of the new value (e.g. PUT the whole object). */
  readonly body?: BodyOf<R> | ((next: T) => BodyOf<R>);
}

function newEntryId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Applies a write optimistically and queues it, in one transaction; then asks for a flush.
 * Resolves once stored (not once the server has it); rejects when nobody is signed in or the
 * body does not match the route's schema.
 */
export async function enqueueWrite<const R extends WriteRoute, T>(request: WriteRequest<R, T>): Promise<T> {
  const db = activeUserDatabase();
  if (!db) throw new Error('enqueueWrite needs a signed-in user');
  const key = resourceKeyOf(request.resource);
  const url = buildUrl(request.route.path, request.params);
  const next = await db.transaction('rw', db.resources, db.outbox, async () => {
    const row = await db.resources.get(key);
    const value = request.apply(row?.value as T | undefined);
    const body = typeof request.body === 'function' ? (request.body as (next: T) => unknown)(value) : request.body;
    const checked = request.route.body && body !== undefined ? z.parse(request.route.body, body) : body;
    await db.resources.put({
      key,
      value,
      etag: null,
      fetchedAt: row?.fetchedAt ?? null,
      isPending: true,
      isStale: row?.isStale ?? false,
      version: (row?.version ?? 0) + 1,
    });
    await db.outbox.add({
      id: newEntryId(),
      resourceKey: key,
      method: request.route.method,
      url,
      body: checked === undefined ? null : JSON.stringify(checked),
      enqueuedAt: Date.now(),
      attempts: 0,
    });
    return value;
  });
  requestFlush();
  return next;
}
