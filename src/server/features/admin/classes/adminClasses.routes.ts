import { adminClassListRoute } from '../../../../shared/contract/adminClasses.js';
import type { ServerContext } from '../../../context.js';
import { implement, type RouteImplementation } from '../../../http/contractRoutes.js';
import { listClasses } from './adminClasses.service.js';

/** The administrators' list of every class (Administrator only, by the contract). */
export function adminClassesRoutes({ db, clock }: ServerContext): RouteImplementation[] {
  return [implement(adminClassListRoute, ({ query }) => listClasses(db, query, clock.now()))];
}
