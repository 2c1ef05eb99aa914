import type { FavouriteResource, FavouriteTrending } from '../../../shared/contract/favourites';
import type { Resource } from '../../sync/registry';
import type { WriteDelivery } from '../../sync/writeDelivery';
import { useResource } from '../../sync/useResource';
import { isAwaitingData } from '../../ui/layoutHold/holdContext';
import { addFavouriteResource, addFavouriteTrending, removeFavouriteResource, removeFavouriteTrending } from './mutations';
import type { PendingChange } from './pendingChanges';
import { favouriteResourcesResource, favouriteTrendingResource } from './resources';
import { toggleFavourite } from './toggleFavourite';
import { usePendingChanges } from './usePendingChanges';

export interface Favourites<T> {
  readonly items: readonly T[];
  readonly isLoading: boolean;
  /** Nothing cached and no fetch has failed yet: the list is still to come (see `isAwaitingData`). */
  readonly isAwaitingData: boolean;
  readonly isFavourite: (id: number) => boolean;
  readonly pendingOf: (id: number) => PendingChange | undefined;
  readonly toggle: (item: T) => void;
}

interface FavouriteKind<T> {
  readonly resource: Resource<T[]>;
  readonly idOf: (item: T) => number;
  readonly nameOf: (item: T) => string;
  readonly add: (item: T) => Promise<WriteDelivery>;
  readonly remove: (id: number) => Promise<WriteDelivery>;
}

/** A favourites list, its queued changes, and the toggle with its notices and Undo. */
function useFavourites<T>({ resource, idOf, nameOf, add, remove }: FavouriteKind<T>): Favourites<T> {
  const state = useResource(resource);
  const { data, isLoading } = state;
  const pending = usePendingChanges(resource.key);
  const items = data ?? [];
  const ids = new Set(items.map(idOf));
  return {
    items,
    isLoading,
    isAwaitingData: isAwaitingData(state),
    isFavourite: (id) => ids.has(id),
    pendingOf: (id) => pending.get(id),
    toggle: (item) => void toggleFavourite(ids.has(idOf(item)), { name: nameOf(item), add: () => add(item), remove: () => remove(idOf(item)) }),
  };
}

const favouriteLinks: FavouriteKind<FavouriteResource> = {
  resource: favouriteResourcesResource,
  idOf: (item) => item.rowId,
  nameOf: (item) => item.displayName,
  add: (item) => addFavouriteResource({ rowId: item.rowId, displayName: item.displayName, url: item.url }),
  remove: removeFavouriteResource,
};

const favouriteNews: FavouriteKind<FavouriteTrending> = {
  resource: favouriteTrendingResource,
  idOf: (item) => item.wpPostRowId,
  nameOf: (item) => item.title,
  add: (item) => addFavouriteTrending({ wpPostRowId: item.wpPostRowId, title: item.title, url: item.url }),
  remove: removeFavouriteTrending,
};

/** The favourite links. */
export function useFavouriteResources(): Favourites<FavouriteResource> {
  return useFavourites(favouriteLinks);
}

/** The same for trending items (students only). */
export function useFavouriteTrending(): Favourites<FavouriteTrending> {
  return useFavourites(favouriteNews);
}
