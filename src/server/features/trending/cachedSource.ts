import { z } from 'zod/mini';
import type { Clock } from '../../clock.js';
import { trendingItemSchema, type TrendingItem } from '../../../shared/contract/trending.js';
import type { Db } from '../../db/database.js';
import type { TrendingSource as TrendingSourceName } from '../../db/schema.domain.js';
import { TrendingSourceError, type Logger, type TrendingSource } from './trendingSource.js';

export interface CacheOptions {
  /** Served when the source fails and nothing good was ever cached. */
  readonly fallback: TrendingSource;
  /** A good answer is reused this long before the source is asked again. */
  readonly cacheMs: number;
  /** After a failure the source is not asked again for this long (default: a minute, or cacheMs if shorter). */
  readonly retryMs?: number;
  /** The server's clock: the cache's age and the retry pause are measured on it. */
  readonly clock: Clock;
}

const cachedItemsSchema = z.array(trendingItemSchema);

async function readCache(db: Db, source: TrendingSourceName): Promise<{ items: TrendingItem[]; fetchedAt: Date } | undefined> {
  const row = await db.selectFrom('trending_cache').select(['payload', 'fetched_at']).where('source', '=', source).executeTakeFirst();
  const parsed = row && z.safeParse(cachedItemsSchema, row.payload);
  return row && parsed?.success ? { items: parsed.data, fetchedAt: row.fetched_at } : undefined;
}

async function writeCache(db: Db, source: TrendingSourceName, items: readonly TrendingItem[], fetchedAt: Date): Promise<void> {
  const payload = JSON.stringify(items);
  await db
    .insertInto('trending_cache')
    .values({ source, payload, fetched_at: fetchedAt })
    .onConflict((oc) => oc.column('source').doUpdateSet({ payload, fetched_at: fetchedAt }))
    .execute();
}

/**
 * Wraps a remote source so that it never breaks the page. A good answer is stored in trending_cache
 * (shared by every server instance) and reused for `cacheMs`. When the source times out, errs or
 * answers garbage, a warning is logged and the last good items are served; with none, the fallback's.
 * Concurrent requests share one fetch, and a failed source is left alone for `retryMs`.
 */
export function cachedSource(db: Db, source: TrendingSource, options: CacheOptions): TrendingSource {
  const retryMs = options.retryMs ?? Math.min(options.cacheMs, 60_000);
  let retryAt = 0;
  let inflight: Promise<TrendingItem[]> | undefined;

  async function refresh(log: Logger): Promise<TrendingItem[] | undefined> {
    try {
      const items = await source.load(log);
      await writeCache(db, source.name, items, options.clock.now());
      retryAt = 0;
      return items;
    } catch (error) {
      retryAt = options.clock.nowMs() + retryMs;
      const reason = error instanceof TrendingSourceError ? error.reason : 'unexpected';
      const detail = error instanceof Error ? error.message : String(error);
      log.warn({ source: source.name, reason, detail }, `Trending source ${source.name} failed (${reason}: ${detail}); serving the last good items`);
      return undefined;
    }
  }

  async function loadOnce(log: Logger): Promise<TrendingItem[]> {
    const cached = await readCache(db, source.name);
    const now = options.clock.nowMs();
    if (cached && now - cached.fetchedAt.getTime() < options.cacheMs) return cached.items;
    if (now >= retryAt) {
      const fresh = await refresh(log);
      if (fresh) return fresh;
    }
    return cached ? cached.items : options.fallback.load(log);
  }

  return {
    name: source.name,
    // Concurrent requests share one whole load (cache read included): a request that read the
    // stale cache can never start a second fetch after the first one has finished.
    load(log) {
      inflight ??= loadOnce(log).finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };
}
