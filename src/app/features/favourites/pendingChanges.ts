import type { PendingMutation } from '../../sync/pendingMutations';
import {
  addFavouriteResourceMutation,
  addFavouriteTrendingMutation,
  removeFavouriteResourceMutation,
  removeFavouriteTrendingMutation,
} from './favourites.mutations';

/** A favourite whose change is queued but not yet confirmed by the server. */
export type PendingChange = 'add' | 'remove';

function change(mutation: PendingMutation): [number, PendingChange] | undefined {
  switch (mutation.name) {
    case addFavouriteResourceMutation.name:
      return [(mutation.args as { favourite: { rowId: number } }).favourite.rowId, 'add'];
    case addFavouriteTrendingMutation.name:
      return [(mutation.args as { favourite: { wpPostRowId: number } }).favourite.wpPostRowId, 'add'];
    case removeFavouriteResourceMutation.name:
    case removeFavouriteTrendingMutation.name:
      return [(mutation.args as { rowId: number }).rowId, 'remove'];
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
