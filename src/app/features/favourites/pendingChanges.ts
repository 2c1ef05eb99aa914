import { z } from 'zod/mini';
import type { PendingMutation } from '../../sync/pendingMutations';
import {
  addFavouriteResourceMutation,
  addFavouriteTrendingMutation,
  removeFavouriteResourceMutation,
  removeFavouriteTrendingMutation,
} from './favourites.mutations';

/** A favourite whose change is queued but not yet confirmed by the server. */
export type PendingChange = 'add' | 'remove';

/** The ids a queued entry's args carry (what is stored is read back as unknown, so it is parsed). */
const addedResource = z.object({ favourite: z.object({ rowId: z.number() }) });
const addedPost = z.object({ favourite: z.object({ wpPostRowId: z.number() }) });
const removed = z.object({ rowId: z.number() });

function change(mutation: PendingMutation): [number, PendingChange] | undefined {
  switch (mutation.name) {
    case addFavouriteResourceMutation.name: {
      const parsed = z.safeParse(addedResource, mutation.args);
      return parsed.success ? [parsed.data.favourite.rowId, 'add'] : undefined;
    }
    case addFavouriteTrendingMutation.name: {
      const parsed = z.safeParse(addedPost, mutation.args);
      return parsed.success ? [parsed.data.favourite.wpPostRowId, 'add'] : undefined;
    }
    case removeFavouriteResourceMutation.name:
    case removeFavouriteTrendingMutation.name: {
      const parsed = z.safeParse(removed, mutation.args);
      return parsed.success ? [parsed.data.rowId, 'remove'] : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Which favourites have queued changes, from a resource's pending mutations in queue order: the
 * latest one for an id says whether it is waiting to be added or removed.
 */
export function pendingChanges(mutations: readonly PendingMutation[]): ReadonlyMap<number, PendingChange> {
  const changes = new Map<number, PendingChange>();
  for (const mutation of mutations) {
    const found = change(mutation);
    if (found) changes.set(found[0], found[1]);
  }
  return changes;
}
