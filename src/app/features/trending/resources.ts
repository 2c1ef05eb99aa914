import { trendingRoute } from '../../../shared/contract/trending';
import { defineResource } from '../../sync/registry';

/** Trending news and content; only students load it (SPEC §6), so staff never ask for it. */
export const trendingResource = defineResource({
  key: 'trending',
  route: trendingRoute,
  isAllowed: (user) => user.isStudentSignedIn,
});
