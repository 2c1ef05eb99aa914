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
import { isRecord } from '../../../shared/guards';

const linkId = (favourite: FavouriteResource) => favourite.rowId;
const postId = (favourite: FavouriteTrending) => favourite.wpPostRowId;
const removeArgs = z.object({ rowId });

/** The id a legacy (raw request) entry names, from its body field or its path. */
const numberIn = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);
const fieldOf = (body: unknown, field: string): number | undefined =>
  isRecord(body) ? numberIn(body[field]) : undefined;

/** A legacy add: the favourite its body names by `field`, when the cached list still holds it. */
function favouriteNamed<T>(body: unknown, current: unknown, field: string, idOf: (item: T) => number): { favourite: T } | undefined {
  const id = fieldOf(body, field);
  const favourite = Array.isArray(current) ? (current as T[]).find((item) => idOf(item) === id) : undefined;
  return favourite ? { favourite } : undefined;
}

/** A legacy remove: the row id in its path. */
function rowIdInPath({ params }: { readonly params: Readonly<Record<string, unknown>> }): { rowId: number } | undefined {
  const id = numberIn(params.rowId);
  return id === undefined ? undefined : { rowId: id };
}

export const addFavouriteResourceMutation = defineMutation<{ favourite: FavouriteResource }, FavouriteResource[]>({
  name: 'favourites.addResource',
  args: z.object({ favourite: favouriteResourceSchema }),
  route: addFavouriteResourceRoute,
  resourceKey: () => favouriteResourcesResource.key,
  body: ({ favourite }) => ({ linkRowId: favourite.rowId }),
  apply: (list, { favourite }) => withItem(list, favourite, linkId),
  fromRequest: ({ body, current }) => favouriteNamed(body, current, 'linkRowId', linkId),
});

export const removeFavouriteResourceMutation = defineMutation<{ rowId: number }, FavouriteResource[]>({
  name: 'favourites.removeResource',
  args: removeArgs,
  route: removeFavouriteResourceRoute,
  resourceKey: () => favouriteResourcesResource.key,
  params: ({ rowId: id }) => ({ rowId: id }),
  apply: (list, { rowId: id }) => withoutItem(list, id, linkId),
  fromRequest: rowIdInPath,
});

export const addFavouriteTrendingMutation = defineMutation<{ favourite: FavouriteTrending }, FavouriteTrending[]>({
  name: 'favourites.addTrending',
  args: z.object({ favourite: favouriteTrendingSchema }),
  route: addFavouriteTrendingRoute,
  resourceKey: () => favouriteTrendingResource.key,
  body: ({ favourite }) => ({ wpPostRowId: favourite.wpPostRowId }),
  apply: (list, { favourite }) => withItem(list, favourite, postId),
  fromRequest: ({ body, current }) => favouriteNamed(body, current, 'wpPostRowId', postId),
});

export const removeFavouriteTrendingMutation = defineMutation<{ rowId: number }, FavouriteTrending[]>({
  name: 'favourites.removeTrending',
  args: removeArgs,
  route: removeFavouriteTrendingRoute,
  resourceKey: () => favouriteTrendingResource.key,
  params: ({ rowId: id }) => ({ rowId: id }),
  apply: (list, { rowId: id }) => withoutItem(list, id, postId),
  fromRequest: rowIdInPath,
});
