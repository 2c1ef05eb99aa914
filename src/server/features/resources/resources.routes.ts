import { openResourceRoute, resourcesRoute } from '../../../shared/contract/resources.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { idempotencyKeyOf } from '../../http/idempotencyKey.js';
import * as resources from './resources.service.js';

export function resourcesRoutes({ db }: ServerContext): RouteImplementation[] {
  return [
    implement(resourcesRoute, async ({ user }) => resources.loadResources(db, user.id)),
    implement(openResourceRoute, async ({ user, params, request }) =>
      resources.recordOpen(db, user.id, params.rowId, idempotencyKeyOf(request)),
    ),
  ];
}
