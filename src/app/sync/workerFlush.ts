// For the service worker's `sync` event: no DOM, no React, no cookies.
import { Dexie } from 'dexie';
import { userDatabaseName } from '../db/names';
import { UserDatabase } from '../db/schema';
import { createOutboxFlusher, type FlushOutcome } from './outboxFlusher';

/**
 * Replays one user's queued writes from a service worker, e.g.
 * `event.waitUntil(flushUserOutbox(userIdFromOutboxSyncTag(event.tag), fetch))`.
 * Rejects when writes remain, so the browser retries the sync later. Refused writes are dropped
 * (the page reloads the resource and the user sees the server's value next time).
 */
export async function flushUserOutbox(userId: string, fetchFn: typeof fetch): Promise<FlushOutcome | undefined> {
  const name = userDatabaseName(userId);
  if (!(await Dexie.exists(name))) return undefined; // signed out meanwhile: nothing to send
  const db = new UserDatabase(name);
  try {
    const outcome = await createOutboxFlusher({ db, userId, fetch: fetchFn }).flush();
    if (outcome.status !== 'done') throw new Error(`Outbox not flushed (${outcome.status}); will retry`);
    return outcome;
  } finally {
    db.close();
  }
}
