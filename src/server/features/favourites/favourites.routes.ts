import {
  addFavouriteResourceRoute,
  addFavouriteTrendingRoute,
  listFavouriteResourcesRoute,
  listFavouriteTrendingRoute,
  removeFavouriteResourceRoute,
  removeFavouriteTrendingRoute,
} from '../../../shared/contract/favourites.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import * as resources from './favouriteResources.service.js';
import * as trending from './favouriteTrending.service.js';

export function favouritesRoutes({ db, clock }: ServerContext): RouteImplementation[] {
  return [
    implement(listFavouriteResourcesRoute, async ({ user }) => resources.listFavouriteResources(db, user.id)),
    implement(addFavouriteResourceRoute, async ({ user, body }) => resources.addFavouriteResource(db, user.id, body.linkRowId, clock.now())),
    implement(removeFavouriteResourceRoute, async ({ user, params }) => resources.removeFavouriteResource(db, user.id, params.rowId)),
    implement(listFavouriteTrendingRoute, async ({ user }) => trending.listFavouriteTrending(db, user.id)),
    implement(addFavouriteTrendingRoute, async ({ user, body }) => trending.addFavouriteTrending(db, user.id, body.wpPostRowId, clock.now())),
    implement(removeFavouriteTrendingRoute, async ({ user, params }) => trending.removeFavouriteTrending(db, user.id, params.rowId)),
  ];
}
