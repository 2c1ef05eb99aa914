// Runs in the page and in the service worker: no DOM, no React, no cookies. See outbox.ts.
import { z } from 'zod/mini';
import { sessionUserInfoSchema, userInfoRoute } from '../../shared/contract/user';
import { isAntiforgeryRefusal, requestInit, toHttpError } from '../api/request';
import { fetchedXsrfTokenSource, type XsrfTokenSource } from '../api/xsrf';
import type { OutboxEntry, RefusalRow, UserDatabase } from '../db/schema';
import { applyMutations, buildRequest, findMutation, type BuiltRequest } from './mutation';
import { buildUrl } from '../api/url';
import { defaultLock, type NamedLock } from './outboxLock';

/** A queued write the server refused (4xx): dropped, to be told to the user. */
export type WriteRefusal = Omit<RefusalRow, 'id'>;

/** Why a flush stopped: all sent, no connection, or a reason to wait and retry (5xx, 401, 429, wrong user). */
export type FlushStatus = 'done' | 'offline' | 'retry';

export interface FlushOutcome {
  readonly status: FlushStatus;
  readonly sentCount: number;
  /** Refused writes dropped by this flush (also recorded for `drainRefusals`). */
  readonly refusals: readonly WriteRefusal[];
  /** Resources whose last queued write just left the queue; they are now marked stale. */
  readonly settledKeys: readonly string[];
}

export interface OutboxFlusherOptions {
  readonly db: UserDatabase;
  /** The user who owns `db`; the server's signed-in user must be the same. */
  readonly userId: string;
  readonly fetch: typeof fetch;
  /**
   * The antiforgery token valid at send time: the page passes the cookie's source; the default
   * (the service worker's) asks GET /api/antiforgerytoken, whose body carries the token.
   */
  readonly xsrfTokens?: XsrfTokenSource;
  readonly lock?: NamedLock;
}

/** Not the write's fault: keep it and try again later. */
const isRetryableStatus = (status: number): boolean => status >= 500 || status === 401 || status === 408 || status === 429;

export function createOutboxFlusher(options: OutboxFlusherOptions): { flush(): Promise<FlushOutcome> } {
  const { db, lock = defaultLock } = options;
  return { flush: () => lock(`cc-outbox:${db.name}`, () => flushQueue(options)) };
}

async function flushQueue(options: OutboxFlusherOptions): Promise<FlushOutcome> {
  const { db } = options;
  const refusals: WriteRefusal[] = [];
  const settledKeys: string[] = [];
  let sentCount = 0;
  const outcome = (status: FlushStatus): FlushOutcome => ({ status, sentCount, refusals, settledKeys });

  if ((await db.outbox.count()) === 0) return outcome('done');
  const tokens = options.xsrfTokens ?? fetchedXsrfTokenSource(options.fetch);
  for (;;) {
    const entry = await db.outbox.orderBy('seq').first();
    if (!entry) return outcome('done');
    const request = buildRequest(entry);
    // Written by a newer release this one does not know: kept, for the release that does.
    if (request === 'unknown') return outcome('retry');
    if (request === 'invalid') {
      const refusal = unsendable(entry);
      if (await removeEntry(db, entry, refusal)) settledKeys.push(entry.resourceKey);
      refusals.push(refusal);
      continue;
    }
    const sent = await send(request, entry.id, tokens, options);
    if (sent.status !== 'answered') {
      await noteAttempt(db, entry);
      return outcome(sent.status);
    }
    const { response } = sent;
    if (!response.ok && isRetryableStatus(response.status)) {
      await noteAttempt(db, entry);
      return outcome('retry');
    }
    const refusal = response.ok ? undefined : await toRefusal(entry, request, response);
    if (await removeEntry(db, entry, refusal)) settledKeys.push(entry.resourceKey);
    if (refusal) refusals.push(refusal);
    else sentCount += 1;
  }
}

type SendResult = { readonly status: 'answered'; readonly response: Response } | { readonly status: 'offline' | 'retry' };

/**
 * Sends one entry with the token valid now. A refusal for the token itself (the cookie was
 * replaced since, e.g. by the start-up fetch of a reopened app) is never the write's fault: it is
 * sent once more with a token fetched from the server, and when even that is refused the entry
 * stays queued ('retry'); it never counts as refused.
 */
async function send(request: BuiltRequest, id: string, tokens: XsrfTokenSource, options: OutboxFlusherOptions): Promise<SendResult> {
  for (const isRenewed of [false, true]) {
    const token = isRenewed ? await tokens.renew() : await tokens.current();
    // The token is bound to whoever is signed in now: confirm, right before sending, that it is
    // still this queue's owner, so one user's writes never go out in another's session.
    const owner = await checkOwner(options);
    if (owner !== 'done') return { status: owner };
    let response: Response;
    try {
      response = await options.fetch(
        request.url,
        requestInit({ method: request.method, body: request.body, isSerialised: true, xsrfToken: token, idempotencyKey: id, isUncached: true }),
      );
    } catch {
      return { status: 'offline' };
    }
    if (!(await isAntiforgeryRefusal(response))) return { status: 'answered', response };
  }
  return { status: 'retry' };
}

async function checkOwner(options: OutboxFlusherOptions): Promise<FlushStatus> {
  try {
    const response = await options.fetch(userInfoRoute.path, requestInit({ method: 'GET', isUncached: true }));
    if (!response.ok) return 'retry';
    const info = z.safeParse(sessionUserInfoSchema, await response.json());
    return info.success && info.data.isSignedIn && info.data.userId === options.userId ? 'done' : 'retry';
  } catch {
    return 'offline';
  }
}

/** Told to the user like a server's 400, which is what sending it could only have earned. */
export const unsendableMessage = 'This change was saved by an older version of the app and can no longer be sent. Please make it again.';

function unsendable(entry: OutboxEntry): WriteRefusal {
  const route = findMutation(entry.name)?.route;
  return {
    resourceKey: entry.resourceKey,
    method: route?.method ?? 'POST',
    url: route ? buildUrl(route.path, entry.params) : '',
    status: 400,
    statusText: 'Bad Request',
    message: unsendableMessage,
    errors: {},
  };
}

async function toRefusal(entry: OutboxEntry, request: BuiltRequest, response: Response): Promise<WriteRefusal> {
  const error = await toHttpError(response);
  return {
    resourceKey: entry.resourceKey,
    method: request.method,
    url: request.url,
    status: response.status,
    statusText: response.statusText,
    message: error.message,
    errors: error.errors,
    ...(error.code === undefined ? {} : { code: error.code }),
  };
}

async function noteAttempt(db: UserDatabase, entry: OutboxEntry): Promise<void> {
  if (entry.seq !== undefined) await db.outbox.update(entry.seq, { attempts: entry.attempts + 1 });
}

/**
 * Deletes a sent or refused entry, recording a refusal for the page to report (drainRefusals), in
 * one transaction: a crash leaves either the entry (replayed later) or the refusal, never both or
 * neither. The row is recomputed: an acknowledged mutation is folded into its base (the server
 * has it now; the next fetch replaces the base anyway), a refused one is simply dropped, and the
 * shown value is the base with the remaining mutations applied. True when it was the resource's
 * last entry: it then settles (not pending, stale, so the page reloads it).
 */
async function removeEntry(db: UserDatabase, entry: OutboxEntry, refusal: WriteRefusal | undefined): Promise<boolean> {
  return db.transaction('rw', db.resources, db.outbox, db.refusals, async () => {
    if (entry.seq !== undefined) await db.outbox.delete(entry.seq);
    if (refusal) await db.refusals.add(refusal);
    const remaining = await db.outbox.where('resourceKey').equals(entry.resourceKey).sortBy('seq');
    const row = await db.resources.get(entry.resourceKey);
    if (row) {
      const base = refusal ? row.base : applyMutations(row.base, [entry]);
      await db.resources.put({
        ...row,
        base,
        value: applyMutations(base, remaining),
        etag: refusal ? row.etag : null,
        isPending: remaining.length > 0,
        isStale: remaining.length === 0 || row.isStale,
        acks: (row.acks ?? 0) + 1,
      });
    }
    return remaining.length === 0;
  });
}

/** Takes the recorded refusals out of the database, each exactly once (even with several tabs). */
export async function drainRefusals(db: UserDatabase): Promise<WriteRefusal[]> {
  return db.transaction('rw', db.refusals, async () => {
    const rows = await db.refusals.orderBy('id').toArray();
    await db.refusals.clear();
    return rows.map(({ id: _id, ...refusal }) => refusal);
  });
}
