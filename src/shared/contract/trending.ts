import { z } from './zod';
import { rowId, webUrl } from './common';
import { defineRoute } from './route';

/**
 * A picture the app serves itself, by its path (`/trending/hackathon.svg`): the seeded items'
 * images. Never `//host`, a scheme or a backslash, so it cannot point anywhere else.
 */
export const appImagePath = z.string().check(z.maxLength(200), z.regex(/^\/(?![/\\])[A-Za-z0-9._/-]+$/));

/** SPEC §3 trending item: a news or content post. */
export const trendingItemSchema = z.object({
  rowId,
  title: z.string(),
  // Extra fields: a plain-text summary, a picture and where the item opens.
  summary: z.nullable(z.string()),
  image: z.nullable(z.union([webUrl, appImagePath])),
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
