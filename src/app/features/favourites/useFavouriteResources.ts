import type { FavouriteResource, FavouriteTrending } from '../../../shared/contract/favourites';
import { useResource } from '../../sync/useResource';
import { addFavouriteResource, addFavouriteTrending, removeFavouriteResource, removeFavouriteTrending } from './mutations';
import type { PendingChange } from './pendingChanges';
import { favouriteResourcesResource, favouriteTrendingResource } from './resources';
import { toggleFavourite } from './toggleFavourite';
import { usePendingChanges } from './usePendingChanges';

export interface Favourites<T> {
  readonly items: readonly T[];
  readonly isLoading: boolean;
  readonly isFavourite: (id: number) => boolean;
  readonly pendingOf: (id: number) => PendingChange | undefined;
  readonly toggle: (item: T) => void;
}

/** The favourite links, their queued changes, and the toggle with its notices and Undo. */
export function useFavouriteResources(): Favourites<FavouriteResource> {
  const { data, isLoading } = useResource(favouriteResourcesResource);
  const pending = usePendingChanges(favouriteResourcesResource.key);
  const items = data ?? [];
  const ids = new Set(items.map((item) => item.rowId));
  return {
    items,
    isLoading,
    isFavourite: (id) => ids.has(id),
    pendingOf: (id) => pending.get(id),
    toggle: (item) =>
      void toggleFavourite(ids.has(item.rowId), {
        add: () => addFavouriteResource({ rowId: item.rowId, displayName: item.displayName, url: item.url }),
        remove: () => removeFavouriteResource(item.rowId),
      }),
  };
}

/** The same for trending items (students only). */
export function useFavouriteTrending(): Favourites<FavouriteTrending> {
  const { data, isLoading } = useResource(favouriteTrendingResource);
  const pending = usePendingChanges(favouriteTrendingResource.key);
  const items = data ?? [];
  const ids = new Set(items.map((item) => item.wpPostRowId));
  return {
    items,
    isLoading,
    isFavourite: (id) => ids.has(id),
    pendingOf: (id) => pending.get(id),
    toggle: (item) =>
      void toggleFavourite(ids.has(item.wpPostRowId), {
        add: () => addFavouriteTrending({ wpPostRowId: item.wpPostRowId, title: item.title, url: item.url }),
        remove: () => removeFavouriteTrending(item.wpPostRowId),
      }),
  };
}
