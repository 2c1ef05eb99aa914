import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// Return BIGINT counts as numbers and DATE columns as plain 'YYYY-MM-DD' strings.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1082, (value) => value);

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

/** The pg pool behind a Db made by createDb: for what Kysely cannot do, such as LISTEN. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function createDb(connectionString: string, maxConnections = 10): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection dropped by the server (restart, failover, shutdown) must not crash the
  // process; the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
