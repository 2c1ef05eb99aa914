import type { OutboxEntry } from '../../db/schema';

/** A favourite whose change is queued but not yet confirmed by the server. */
export type PendingChange = 'add' | 'remove';

function targetId(entry: Pick<OutboxEntry, 'method' | 'url' | 'body'>): number | undefined {
  if (entry.method === 'DELETE') {
    const id = Number(entry.url.split('?')[0]?.split('/').pop());
    return Number.isInteger(id) ? id : undefined;
  }
  if (entry.method !== 'POST' || entry.body === null) return undefined;
  try {
    const body = JSON.parse(entry.body) as { linkRowId?: unknown; wpPostRowId?: unknown };
    const id = body.linkRowId ?? body.wpPostRowId;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which favourites have queued changes, from a resource's outbox entries in queue order: the
 * latest entry for an id says whether it is waiting to be added or removed.
 */
export function pendingChanges(entries: readonly Pick<OutboxEntry, 'method' | 'url' | 'body'>[]): ReadonlyMap<number, PendingChange> {
  const changes = new Map<number, PendingChange>();
  for (const entry of entries) {
    const id = targetId(entry);
    if (id !== undefined) changes.set(id, entry.method === 'DELETE' ? 'remove' : 'add');
  }
  return changes;
}
