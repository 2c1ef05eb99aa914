import { analyticsConfigRoute } from '../../../shared/contract/analytics.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';

/** GET /api/user/analytics/config: the provider the app loads after the user consents. */
export function analyticsRoutes({ config }: ServerContext): RouteImplementation[] {
  return [implement(analyticsConfigRoute, () => config.analytics)];
}
