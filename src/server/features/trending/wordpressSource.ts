import type { TrendingItem } from '../../../shared/contract/trending.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { fetchWordpressPosts, type ExternalPost } from './wordpressPosts.js';
import type { TrendingSource } from './trendingSource.js';

/**
 * Upserts the posts into trending_items (source 'wordpress', external_id = the post id), so a post
 * keeps its rowId across fetches and favourites of it stay valid. Returns them with their rowIds.
 */
async function upsertPosts(db: Db, posts: readonly ExternalPost[]): Promise<TrendingItem[]> {
  if (posts.length === 0) return [];
  const rows = await db
    .insertInto('trending_items')
    .values(posts.map((post) => ({
      title: post.title,
      summary: post.summary,
      image_url: post.image,
      url: post.url,
      published_at: post.publishedAt,
      source: 'wordpress' as const,
      external_id: post.externalId,
    })))
    .onConflict((oc) => oc.columns(['source', 'external_id']).doUpdateSet((eb) => ({
      title: eb.ref('excluded.title'),
      summary: eb.ref('excluded.summary'),
      image_url: eb.ref('excluded.image_url'),
      url: eb.ref('excluded.url'),
      published_at: eb.ref('excluded.published_at'),
    })))
    .returning(['id', 'external_id'])
    .execute();
  const idOf = new Map(rows.map((row) => [row.external_id, row.id]));
  return posts.flatMap((post) => {
    const rowId = idOf.get(post.externalId);
    return rowId === undefined ? [] : [{ rowId, title: post.title, summary: post.summary, image: post.image, url: post.url }];
  });
}

/** The latest posts of a WordPress site (`TRENDING_WORDPRESS_URL`), in the order WordPress gives them. */
export function wordpressSource(db: Db, options: { siteUrl: string; timeoutMs: number; clock: Clock }): TrendingSource {
  return {
    name: 'wordpress',
    async load(log) {
      return upsertPosts(db, await fetchWordpressPosts(options.siteUrl, options.timeoutMs, log, options.clock.now()));
    },
  };
}
