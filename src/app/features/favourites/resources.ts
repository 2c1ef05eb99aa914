import { listFavouriteResourcesRoute, listFavouriteTrendingRoute } from '../../../shared/contract/favourites';
import { defineResource } from '../../sync/registry';

/** The user's favourite links; SPEC §7 loads them at start-up. */
export const favouriteResourcesResource = defineResource({
  key: 'favouriteResources',
  route: listFavouriteResourcesRoute,
  loadOnStartup: true,
});

/** The user's favourite trending items; only students load them (SPEC §6). */
export const favouriteTrendingResource = defineResource({
  key: 'favouriteTrending',
  route: listFavouriteTrendingRoute,
  isAllowed: (user) => user.isStudentSignedIn,
});
