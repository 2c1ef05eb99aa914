import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { messageOf } from './connectionErrors.js';
import type { Database } from './schema.js';

// Return BIGINT counts as numbers and DATE columns as plain 'YYYY-MM-DD' strings.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1082, (value) => value);

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

/**
 * How long a query waits for a connection (a new one, or a free place in a full pool) before it
 * fails: a database host that does not answer at all gives a 503 after this, not a hang.
 */
export const CONNECT_TIMEOUT_MS = 10_000;
/** A dropped connection is reported once per this period per pool, not once per client. */
const LOST_WARNING_MS = 10_000;

/** The pg pool behind a Db made by createDb: for what Kysely cannot do, such as LISTEN. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** A console warning at most once per `periodMs`, saying how many were held back meanwhile. */
export function throttledWarning(periodMs: number, warn: (message: string) => void = console.warn): (message: string) => void {
  let lastAt = -Infinity;
  let heldBack = 0;
  return (message) => {
    const now = performance.now();
    if (now - lastAt < periodMs) {
      heldBack += 1;
      return;
    }
    warn(heldBack > 0 ? `${message} (and ${heldBack} more like it)` : message);
    lastAt = now;
    heldBack = 0;
  };
}

/**
 * A Kysely database on its own pg pool. PostgreSQL going away (restart, failover, shutdown) never
 * crashes the process: node-postgres emits 'error' on a client whose connection drops, whether it
 * is idle in the pool (the pool's 'error') or checked out by a query (the client's own 'error',
 * which the pool does not handle while the client is out). Both are logged; the query in flight
 * fails with the error (answered 503), the broken client is discarded when released, and the pool
 * connects afresh for the next query.
 */
export function createDb(connectionString: string, maxConnections = 10): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const warnLost = throttledWarning(LOST_WARNING_MS);
  const onLost = (error: unknown): void => warnLost(`database connection lost: ${messageOf(error)}`);
  pool.on('error', onLost);
  pool.on('connect', (client) => client.on('error', onLost));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
