import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database.js';

/**
 * Waits until the attendance feed can show everything written before this call. The feed gives
 * only changes of transactions older than the oldest one still running anywhere on the cluster,
 * and the test files share one cluster: another file's open transaction holds the line back for
 * a moment. A fresh transaction id marks "now"; once the snapshot's xmin has passed it, every
 * transaction that began before has ended.
 */
export async function feedCaughtUp(db: Db, timeoutMs = 20_000): Promise<void> {
  const { rows } = await sql<{ mark: string }>`select pg_current_xact_id()::text as mark`.execute(db);
  const mark = rows[0]?.mark ?? '0';
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { rows: [row] } = await sql<{ passed: boolean }>`select pg_snapshot_xmin(pg_current_snapshot()) > ${mark}::xid8 as passed`.execute(db);
    if (row?.passed) return;
    if (performance.now() > deadline) throw new Error('the attendance feed did not catch up: a transaction on the cluster stayed open');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
