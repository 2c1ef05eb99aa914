/**
 * Values read back from IndexedDB are checked again with their route's response schema: a value
 * cached by an older release may have another shape after a deploy, and a cast would render it
 * broken. One that fails is dropped and fetched again.
 */
import { z } from 'zod/mini';
import { getUserDatabase } from '../db/userDatabase';
import { findResource } from './registry';

/** True when `value` is what the resource's route answers today (an unregistered key: unchecked). */
export function isValidCachedValue(key: string, value: unknown): boolean {
  const resource = findResource(key);
  return resource === undefined || z.safeParse(resource.route.response, value).success;
}

/** The cached value when it still has today's shape, else undefined (as if nothing were cached). */
export function validCachedValue<T>(key: string, value: unknown): T | undefined {
  return value !== undefined && isValidCachedValue(key, value) ? (value as T) : undefined;
}

/**
 * Removes a cached copy in an outdated shape, unless it changed meanwhile; queued mutations stay
 * in the outbox and are applied again on the value fetched next.
 */
export async function dropOutdatedCopy(userId: string, key: string): Promise<void> {
  const db = getUserDatabase(userId);
  await db.transaction('rw', db.resources, async () => {
    const row = await db.resources.get(key);
    if (row && !isValidCachedValue(key, row.value)) await db.resources.delete(key);
  });
}
