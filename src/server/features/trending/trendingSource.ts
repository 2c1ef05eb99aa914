import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod/mini';
import { webUrl } from '../../../shared/contract/common.js';
import { appImagePath, type TrendingItem } from '../../../shared/contract/trending.js';
import type { Db } from '../../db/database.js';
import type { TrendingSource as TrendingSourceName } from '../../db/schema.domain.js';

export type Logger = Pick<FastifyBaseLogger, 'warn'>;

/** Where trending items come from: the database's own items, or a WordPress site. */
export interface TrendingSource {
  readonly name: TrendingSourceName;
  /** The current items, newest first. Throws (a TrendingSourceError where it knows why) when it cannot answer. */
  load(log: Logger): Promise<TrendingItem[]>;
}

/** Why a source could not answer; logged, never shown to users. */
export type TrendingFailure = 'timeout' | 'unreachable' | 'http' | 'redirect' | 'too-large' | 'not-json' | 'shape';

export class TrendingSourceError extends Error {
  constructor(
    readonly reason: TrendingFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TrendingSourceError';
  }
}

/** The value when it is an absolute http(s) URL the contract accepts, else null. */
export const webUrlOrNull = (value: string | null | undefined): string | null =>
  value != null && z.safeParse(webUrl, value).success ? value : null;

/** A stored item's picture: a web address, or the path of one the app serves itself (the seed's). */
export const imageOrNull = (value: string | null | undefined): string | null =>
  value != null && z.safeParse(appImagePath, value).success ? value : webUrlOrNull(value);

export const TRENDING_LIMIT = 10;

/** The items kept in the database (seeded or added by administrators), newest first. */
export function databaseSource(db: Db): TrendingSource {
  return {
    name: 'local',
    async load() {
      const rows = await db
        .selectFrom('trending_items')
        .select(['id', 'title', 'summary', 'image_url', 'url'])
        .where('source', '=', 'local')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(TRENDING_LIMIT)
        .execute();
      return rows.map((row) => ({ rowId: row.id, title: row.title, summary: row.summary, image: imageOrNull(row.image_url), url: row.url }));
    },
  };
}
