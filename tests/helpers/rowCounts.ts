import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database.js';

/**
 * Tables whose rows come and go on their own account, whatever a write does: sign-in sessions, the
 * rate limiter's windows, and the idempotency keys themselves.
 */
const unrelated = ['sessions', 'rate_limit_windows', 'idempotency_keys'];

/** The number of rows of every table of the app (and of the job queue), by `schema.table`. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const result = await sql<{ name: string; n: string }>`
    SELECT table_schema || '.' || table_name AS name,
           (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I.%I', table_schema, table_name), false, true, '')))[1]::text AS n
    FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'pgboss') AND NOT (table_schema = 'public' AND table_name = ANY(${unrelated}))
    ORDER BY 1
  `.execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.n)]));
}
