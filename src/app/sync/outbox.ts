/**
 * The offline write queue (GUIDE "Client data flow: offline first").
 *
 * Design
 * - `enqueueMutation` runs ONE Dexie transaction over `resources` and `outbox`: it applies the
 *   named mutation (sync/mutation.ts) to the resource row's shown value, marks it pending, bumps
 *   its version, and appends `{ name, args, routeId, params }`; the request is built from the
 *   contract route when it is sent. The row's `base` (the server's value) is left alone.
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
 * - Rebase: a fresh server value becomes the row's `base`, and the shown `value` is the base with
 *   the still-queued mutations applied on top, in order (`ensureFresh`). An acknowledged mutation
 *   leaves the queue and is folded into the base until the next fetch replaces it; a refused one
 *   is dropped and the value recomputed without it. An answer to a request that left before a
 *   mutation left the queue (the row's `acks` changed) is not stored: it may predate that write.
 * - tests/app/sync/outbox.property.test.ts checks all of this against random interleavings.
 * - Every request carries an Idempotency-Key (the entry id); the server's writes are idempotent,
 *   so a replay after a lost response never duplicates.
 */
import { z } from 'zod/mini';
import { reportingFetch, requestInit, toHttpError } from '../api/request';
import { readXsrfToken } from '../api/xsrf';
import { userIdOfDatabase } from '../db/names';
import { isViewingAs } from './viewAsPort';
import { isValidCachedValue } from './cachedValue';
import { activeUserDatabase } from '../db/userDatabase';
import { buildRequest, outboxSchemaVersion, type MutationDefinition } from './mutation';
import { requestFlush } from './outboxSync';
import { emitWriteRefused } from './writeRefusals';

function newEntryId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Applies a named mutation optimistically and queues it, in one transaction; then asks for a
 * flush. Resolves with the new shown value (undefined for a mutation that changes no cached
 * resource) once stored (not once the server has it); rejects when nobody is signed in or the
 * args (or the body built from them) do not match their schemas.
 */
export async function enqueueMutation<A, T>(mutation: MutationDefinition<A, T>, args: A): Promise<T | undefined> {
  return (await queueMutation(mutation, args)).value;
}

/**
 * A queued write: the new shown value, the entry's place in the queue (its `seq`, set by the
 * database), and the version its resource's row reached with it (undefined when it changes no row).
 */
export interface QueuedMutation<T> {
  readonly value: T | undefined;
  readonly seq: number | undefined;
  readonly version?: number;
}

/** `enqueueMutation`, also telling which entry was queued (sync/writeDelivery.ts follows it). */
export async function queueMutation<A, T>(mutation: MutationDefinition<A, T>, args: A): Promise<QueuedMutation<T>> {
  const db = activeUserDatabase();
  if (!db) throw new Error('enqueueMutation needs a signed-in user');
  const checkedArgs = z.parse(mutation.args, args) as A;
  const body = mutation.body?.(checkedArgs);
  if (mutation.route.body && body !== undefined) z.parse(mutation.route.body, body);
  if (isViewingAs()) {
    await sendWhileViewing(mutation, checkedArgs);
    return { value: undefined, seq: undefined };
  }
  const key = mutation.apply ? (mutation.resourceKey?.(checkedArgs) ?? '') : '';
  const userId = userIdOfDatabase(db.name);
  const entry = {
    id: newEntryId(),
    name: mutation.name,
    args: checkedArgs,
    routeId: mutation.route.id,
    params: mutation.params?.(checkedArgs) ?? {},
    resourceKey: key,
    createdAt: Date.now(),
    attempts: 0,
    userId,
    schemaVersion: outboxSchemaVersion,
  };
  const apply = mutation.apply;
  if (key === '' || !apply) {
    // Changes no cached resource (e.g. counting a link open): only queued.
    const seq = await db.outbox.add(entry);
    requestFlush();
    return { value: undefined, seq };
  }
  const queued = await db.transaction('rw', db.resources, db.outbox, async () => {
    const stored = await db.resources.get(key);
    // A copy in an outdated shape (an older release's) is not built upon: it is refetched.
    const row = stored && isValidCachedValue(key, stored.value) ? stored : undefined;
    const value = apply(row?.value as T | undefined, checkedArgs);
    const version = (stored?.version ?? 0) + 1;
    await db.resources.put({
      key,
      value,
      base: row?.base,
      etag: row?.etag ?? null,
      fetchedAt: row?.fetchedAt ?? null,
      isPending: true,
      isStale: row?.isStale ?? stored !== undefined,
      version,
      acks: stored?.acks ?? 0,
    });
    const seq = await db.outbox.add(entry);
    return { value, seq, version };
  });
  requestFlush();
  return queued;
}

/**
 * While an administrator views as someone (issue 17) nothing is queued or applied: the server
 * refuses every write of a view-as session, finally (403, never retried). The write is sent once,
 * as is, so the user sees the server's own refusal (a toast, through `onWriteRefused`); nothing
 * changes on screen, and nothing is left behind to replay.
 */
async function sendWhileViewing<A, T>(mutation: MutationDefinition<A, T>, args: A): Promise<undefined> {
  const request = buildRequest({ name: mutation.name, args, routeId: mutation.route.id, params: mutation.params?.(args) ?? {} });
  if (typeof request === 'string') return undefined;
  const resourceKey = mutation.resourceKey?.(args) ?? '';
  let response: Response;
  try {
    response = await reportingFetch(request.url, requestInit({ method: request.method, body: request.body, isSerialised: true, xsrfToken: readXsrfToken(), isUncached: true }));
  } catch {
    emitWriteRefused({ resourceKey, method: request.method, url: request.url, status: 0, statusText: '', message: 'Read only while viewing as another user', errors: {} });
    return undefined;
  }
  if (!response.ok) {
    const error = await toHttpError(response);
    emitWriteRefused({ resourceKey, method: request.method, url: request.url, status: response.status, statusText: response.statusText, message: error.message, errors: error.errors, ...(error.code === undefined ? {} : { code: error.code }) });
  }
  return undefined;
}
