/** The favourite writes, as named mutations (see sync/mutation.ts). */
import { z } from 'zod/mini';
import {
  addFavouriteResourceRoute,
  addFavouriteTrendingRoute,
  favouriteResourceSchema,
  favouriteTrendingSchema,
  removeFavouriteResourceRoute,
  removeFavouriteTrendingRoute,
  type FavouriteResource,
  type FavouriteTrending,
} from '../../../shared/contract/favourites';
import { rowId } from '../../../shared/contract/common';
import { defineMutation } from '../../sync/mutation';
import { withItem, withoutItem } from './favouriteLists';
import { favouriteResourcesResource, favouriteTrendingResource } from './resources';

const linkId = (favourite: FavouriteResource) => favourite.rowId;
const postId = (favourite: FavouriteTrending) => favourite.wpPostRowId;
const removeArgs = z.object({ rowId });

export const addFavouriteResourceMutation = defineMutation<{ favourite: FavouriteResource }, FavouriteResource[]>({
  name: 'favourites.addResource',
  args: z.object({ favourite: favouriteResourceSchema }),
  route: addFavouriteResourceRoute,
  resourceKey: () => favouriteResourcesResource.key,
  body: ({ favourite }) => ({ linkRowId: favourite.rowId }),
  apply: (list, { favourite }) => withItem(list, favourite, linkId),
});

export const removeFavouriteResourceMutation = defineMutation<{ rowId: number }, FavouriteResource[]>({
  name: 'favourites.removeResource',
  args: removeArgs,
  route: removeFavouriteResourceRoute,
  resourceKey: () => favouriteResourcesResource.key,
  params: ({ rowId: id }) => ({ rowId: id }),
  apply: (list, { rowId: id }) => withoutItem(list, id, linkId),
});

export const addFavouriteTrendingMutation = defineMutation<{ favourite: FavouriteTrending }, FavouriteTrending[]>({
  name: 'favourites.addTrending',
  args: z.object({ favourite: favouriteTrendingSchema }),
  route: addFavouriteTrendingRoute,
  resourceKey: () => favouriteTrendingResource.key,
  body: ({ favourite }) => ({ wpPostRowId: favourite.wpPostRowId }),
  apply: (list, { favourite }) => withItem(list, favourite, postId),
});

export const removeFavouriteTrendingMutation = defineMutation<{ rowId: number }, FavouriteTrending[]>({
  name: 'favourites.removeTrending',
  args: removeArgs,
  route: removeFavouriteTrendingRoute,
  resourceKey: () => favouriteTrendingResource.key,
  params: ({ rowId: id }) => ({ rowId: id }),
  apply: (list, { rowId: id }) => withoutItem(list, id, postId),
});
