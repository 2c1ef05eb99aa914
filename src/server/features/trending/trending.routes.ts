import { trendingRoute } from '../../../shared/contract/trending.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { cachedSource } from './cachedSource.js';
import { databaseSource, type TrendingSource } from './trendingSource.js';
import { wordpressSource } from './wordpressSource.js';

/** WordPress when TRENDING_WORDPRESS_URL is set (cached, falling back to the database), else the database. */
export function trendingSourceFor({ db, config, clock }: Pick<ServerContext, 'db' | 'config' | 'clock'>): TrendingSource {
  const local = databaseSource(db);
  if (!config.trendingWordpressUrl) return local;
  const wordpress = wordpressSource(db, { siteUrl: config.trendingWordpressUrl, timeoutMs: config.trendingWordpressTimeoutMs, clock });
  return cachedSource(db, wordpress, { fallback: local, cacheMs: config.trendingCacheSeconds * 1000, clock });
}

export function trendingRoutes(ctx: ServerContext): RouteImplementation[] {
  const source = trendingSourceFor(ctx);
  return [implement(trendingRoute, async ({ request }) => source.load(request.log))];
}
