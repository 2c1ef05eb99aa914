import { z } from './zod';
import { rowId, webUrl } from './common';
import { defineRoute } from './route';

/** SPEC §3 trending item: a news or content post. */
export const trendingItemSchema = z.object({
  rowId,
  title: z.string(),
  // Extra fields: a plain-text summary, a picture and where the item opens.
  summary: z.nullable(z.string()),
  image: z.nullable(webUrl),
  url: webUrl,
});
export type TrendingItem = z.infer<typeof trendingItemSchema>;

export const trendingRoute = defineRoute({
  id: 'trending.list',
  method: 'GET',
  path: '/api/content/trending',
  response: z.array(trendingItemSchema),
  roles: ['Student'],
});

export const trendingRoutes = [trendingRoute] as const;
