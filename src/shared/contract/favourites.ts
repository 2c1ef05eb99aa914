import { z } from './zod';
import { rowId, rowIdParams, webUrl } from './common';
import { defineRoute, raw } from './route';

/** SPEC §3 favourite resource; rowId is the link's rowId. */
export const favouriteResourceSchema = z.object({
  rowId,
  displayName: z.string(),
  // Extra field: where the link opens.
  url: webUrl,
});
export type FavouriteResource = z.infer<typeof favouriteResourceSchema>;

export const addFavouriteResourceSchema = z.object({ linkRowId: rowId });
export type AddFavouriteResource = z.infer<typeof addFavouriteResourceSchema>;

/** A favourited trending item, keyed by the post's wpPostRowId. */
export const favouriteTrendingSchema = z.object({
  wpPostRowId: rowId,
  title: z.string(),
  url: webUrl,
});
export type FavouriteTrending = z.infer<typeof favouriteTrendingSchema>;

export const addFavouriteTrendingSchema = z.object({ wpPostRowId: rowId });
export type AddFavouriteTrending = z.infer<typeof addFavouriteTrendingSchema>;

export const listFavouriteResourcesRoute = defineRoute({
  id: 'favourites.listResources',
  method: 'GET',
  path: '/api/user/favourites/resources',
  response: z.array(favouriteResourceSchema),
  roles: [],
});

/** Idempotent: adding an existing favourite returns it again. */
export const addFavouriteResourceRoute = defineRoute({
  id: 'favourites.addResource',
  method: 'POST',
  path: '/api/user/favourites/resources',
  body: addFavouriteResourceSchema,
  response: favouriteResourceSchema,
  roles: [],
  offline: 'queue',
});

/** Idempotent: removing a missing favourite succeeds. */
export const removeFavouriteResourceRoute = defineRoute({
  id: 'favourites.removeResource',
  method: 'DELETE',
  path: '/api/user/favourites/resources/:rowId',
  params: rowIdParams,
  response: raw.empty,
  roles: [],
  // The link's id; the favourite removed is always the caller's own.
  ownedParams: { rowId: null },
  offline: 'queue',
});

export const listFavouriteTrendingRoute = defineRoute({
  id: 'favourites.listTrending',
  method: 'GET',
  path: '/api/user/favourites/trending',
  response: z.array(favouriteTrendingSchema),
  roles: ['Student'],
});

export const addFavouriteTrendingRoute = defineRoute({
  id: 'favourites.addTrending',
  method: 'POST',
  path: '/api/user/favourites/trending',
  body: addFavouriteTrendingSchema,
  response: favouriteTrendingSchema,
  roles: ['Student'],
  offline: 'queue',
});

/** rowId is the wpPostRowId. */
export const removeFavouriteTrendingRoute = defineRoute({
  id: 'favourites.removeTrending',
  method: 'DELETE',
  path: '/api/user/favourites/trending/:rowId',
  params: rowIdParams,
  response: raw.empty,
  roles: ['Student'],
  // The post's id; the favourite removed is always the caller's own.
  ownedParams: { rowId: null },
  offline: 'queue',
});

export const favouriteRoutes = [
  listFavouriteResourcesRoute,
  addFavouriteResourceRoute,
  removeFavouriteResourceRoute,
  listFavouriteTrendingRoute,
  addFavouriteTrendingRoute,
  removeFavouriteTrendingRoute,
] as const;
