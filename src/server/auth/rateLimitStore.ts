import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The key of a route's counter for one address, as the store's `child` and `incr` write it. */
export const routeCounterKey = (method: string, url: string, address: string): string => `${method}${url}|${address}`;

/**
 * Takes one hit back from each of these counters (in their current window): a sign-in that
 * succeeded is not held against its address, so only failed and abandoned attempts count.
 */
export async function refundHits(db: Db, clock: Clock, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('rate_limit_windows')
    .set((eb) => ({ hits: sql<number>`greatest(${eb.ref('hits')} - 1, 0)` }))
    .where('key', 'in', [...keys])
    .where('window_ends', '>', clock.now())
    .execute();
}

/** Expired windows are swept at most this often per instance. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL (`rate_limit_windows`),
 * so that a limit holds across every instance sharing the database. Fixed windows: the first hit
 * of a key opens a window of `timeWindow` ms; each hit in it adds one with a single UPSERT (so
 * hits from several instances at once are all counted); the first hit after it opens a new one.
 * The plugin's `continueExceeding`, `exponentialBackoff` and `ban` options are not supported.
 */
export function postgresRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const sweep = (): void => {
    const now = clock.now();
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    void db.deleteFrom('rate_limit_windows').where('window_ends', '<', now).execute().catch(() => undefined);
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(_options: FastifyRateLimitOptions, private readonly prefix = '') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      sweep();
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      const now = clock.now();
      // The time left as float8: a window's milliseconds pass int's range beyond 24.8 days, and the
      // driver gives a bigint back as a string.
      sql<{ hits: number; ttl: number }>`
        INSERT INTO rate_limit_windows AS w (key, hits, window_ends)
        VALUES (${this.prefix + key}, 1, ${now}::timestamptz + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN w.window_ends <= ${now}::timestamptz THEN 1 ELSE w.hits + 1 END,
          window_ends = CASE WHEN w.window_ends <= ${now}::timestamptz THEN excluded.window_ends ELSE w.window_ends END
        RETURNING hits, GREATEST(0, ceil(extract(epoch FROM w.window_ends - ${now}::timestamptz) * 1000))::float8 AS ttl`
        .execute(db)
        .then(({ rows: [row] }) => callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? windowMs }))
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    /** One store per limited route: its counters are apart from other routes'. */
    child(routeOptions: { routeInfo?: { method?: string; url?: string }; method?: string | readonly string[]; url?: string }): FastifyRateLimitStore {
      const method = routeOptions.routeInfo?.method ?? String(routeOptions.method ?? '');
      const url = routeOptions.routeInfo?.url ?? routeOptions.url ?? '';
      return new PostgresRateLimitStore({}, `${this.prefix}${routeCounterKey(method, url, '')}`);
    }
  }
  return PostgresRateLimitStore;
}
