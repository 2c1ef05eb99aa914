import {
  addFavouriteResourceRoute,
  addFavouriteTrendingRoute,
  removeFavouriteResourceRoute,
  removeFavouriteTrendingRoute,
  type FavouriteResource,
  type FavouriteTrending,
} from '../../../shared/contract/favourites';
import { enqueueWrite } from '../../sync/outbox';
import { withItem, withoutItem } from './favouriteLists';
import { favouriteResourcesResource, favouriteTrendingResource } from './resources';

/**
 * Favourite writes go through the outbox (GUIDE "offline first"): applied to the cached list at
 * once, marked pending, replayed in order when the server answers; a refusal reloads the list.
 */
const linkId = (favourite: FavouriteResource) => favourite.rowId;
const postId = (favourite: FavouriteTrending) => favourite.wpPostRowId;

export async function addFavouriteResource(favourite: FavouriteResource): Promise<void> {
  await enqueueWrite({
    route: addFavouriteResourceRoute,
    resource: favouriteResourcesResource,
    apply: (current) => withItem(current, favourite, linkId),
    body: { linkRowId: favourite.rowId },
  });
}

export async function removeFavouriteResource(rowId: number): Promise<void> {
  await enqueueWrite({
    route: removeFavouriteResourceRoute,
    params: { rowId },
    resource: favouriteResourcesResource,
    apply: (current) => withoutItem(current, rowId, linkId),
  });
}

export async function addFavouriteTrending(favourite: FavouriteTrending): Promise<void> {
  await enqueueWrite({
    route: addFavouriteTrendingRoute,
    resource: favouriteTrendingResource,
    apply: (current) => withItem(current, favourite, postId),
    body: { wpPostRowId: favourite.wpPostRowId },
  });
}

export async function removeFavouriteTrending(wpPostRowId: number): Promise<void> {
  await enqueueWrite({
    route: removeFavouriteTrendingRoute,
    params: { rowId: wpPostRowId },
    resource: favouriteTrendingResource,
    apply: (current) => withoutItem(current, wpPostRowId, postId),
  });
}
