import { openResourceRoute, resourcesRoute } from '../../../shared/contract/resources.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { ResourcesCache } from './resourcesCache.js';
import * as resources from './resources.service.js';

export function resourcesRoutes({ db, clock }: ServerContext): RouteImplementation[] {
  const kept = new ResourcesCache(db);
  return [
    implement(resourcesRoute, async ({ user }) => kept.answer(user.id, clock.now())),
    implement(openResourceRoute, async ({ user, params }) => resources.recordOpen(db, user.id, params.rowId, clock.now())),
  ];
}
