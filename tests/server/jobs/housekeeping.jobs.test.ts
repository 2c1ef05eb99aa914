import { systemClock } from '../../../src/server/clock.js';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../../../src/server/http/idempotencyStore.js';
import { pruneAttendanceChangesJob, purgeExpiredSessionsJob, purgeIdempotencyKeysJob, removeUploadLeftoversJob } from '../../../src/server/jobs/housekeeping.jobs.js';
import { readAttendanceFeed } from '../../../src/server/features/integration/attendanceFeed.service.js';
import { feedCaughtUp } from '../../helpers/feedCaughtUp.js';
import { scheduledJobs } from '../../../src/server/jobs/scheduledJobs.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';
import { idOf } from '../features/notifications/support.js';
import { clockOf } from '../../../src/server/clock.js';

/** Housekeeping runs as scheduled jobs through the real queue on the test database. */
let t: TestApp;
let dataDir: string;
/** The jobs' clock: the wall clock unless a test moves it (and puts it back). */
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

/** Sends the job now (as the cron would) and waits until a worker has completed it. */
async function runThroughQueue(name: string): Promise<void> {
  const id = await t.app.jobs.send(name);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = await t.app.jobs.jobState(name, id);
    if (state === 'completed') return;
    if (state === 'failed' || Date.now() > deadline) throw new Error(`${name} ended ${state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'campus-housekeeping-'));
  t = await createTestApp({ DATA_DIR: dataDir }, 'seeded', { runJobs: true, clock: clockOf(now) });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('housekeeping jobs', () => {
  it('are scheduled by the server on their cron, in the queue\'s own tables', async () => {
    expect(scheduledJobs.map((job) => job.name)).toEqual(expect.arrayContaining([purgeExpiredSessionsJob.name, purgeIdempotencyKeysJob.name, removeUploadLeftoversJob.name]));
    const stored = await sql<{ name: string; cron: string }>`SELECT name, cron FROM pgboss.schedule ORDER BY name`.execute(t.db);
    expect(stored.rows).toEqual(
      scheduledJobs.map(({ name, cron }) => ({ name, cron })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('purge sessions past their expiry and keep live ones', async () => {
    const userId = await idOf(t.db, 'student');
    const hour = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset);
    await t.db.insertInto('sessions').values([
      { id_hash: 'housekeeping-live', user_id: userId, expires_at: at(hour), absolute_expires_at: at(8 * hour), id_token: null, auth_method: 'demo' },
      { id_hash: 'housekeeping-idle', user_id: userId, expires_at: at(-hour), absolute_expires_at: at(8 * hour), id_token: null, auth_method: 'demo' },
      { id_hash: 'housekeeping-old', user_id: userId, expires_at: at(hour), absolute_expires_at: at(-hour), id_token: null, auth_method: 'demo' },
    ]).execute();

    await runThroughQueue(purgeExpiredSessionsJob.name);

    const left = await t.db.selectFrom('sessions').select('id_hash').where('id_hash', 'like', 'housekeeping-%').execute();
    expect(left.map((row) => row.id_hash)).toEqual(['housekeeping-live']);
  });

  it('remove upload temporaries older than the upload timeout and keep recent ones and real files', async () => {
    const uploads = t.config.uploadsDir;
    await mkdir(uploads, { recursive: true });
    const stale = `${'a'.repeat(32)}.1.tmp`;
    const fresh = `${'b'.repeat(32)}.2.tmp`;
    const kept = 'c'.repeat(32);
    for (const name of [stale, fresh, kept]) await writeFile(join(uploads, name), 'x');
    // File ages are real elapsed time (housekeeping.jobs.ts), so every time stamp is set here from
    // the clock the job compares them with (systemClock); the kernel's own, written at creation,
    // may differ from it (a process under libfaketime).
    const now = systemClock.nowMs();
    const longAgo = new Date(now - t.config.uploadTimeoutMs - 60_000);
    await utimes(join(uploads, fresh), new Date(now), new Date(now));
    await utimes(join(uploads, stale), longAgo, longAgo);
    await utimes(join(uploads, kept), longAgo, longAgo);

    await runThroughQueue(removeUploadLeftoversJob.name);

    expect((await readdir(uploads)).sort()).toEqual([fresh, kept].sort());
  });

  it('purge Idempotency-Keys older than 24 hours by the jobs\' clock, and keep younger ones', async () => {
    const userId = await idOf(t.db, 'student');
    const base = new Date('2030-01-10T12:00:00Z');
    const key = (name: string, ageMs: number) => ({
      user_id: userId, key: name, route_id: 'feedback.send', fingerprint: 'f', state: 'done' as const,
      status: 204, content_type: null, body: null, created_at: new Date(base.getTime() - ageMs),
    });
    await t.db.insertInto('idempotency_keys').values([
      key('housekeeping-fresh', IDEMPOTENCY_KEY_LIFETIME_MS - 60_000),
      key('housekeeping-stale', IDEMPOTENCY_KEY_LIFETIME_MS + 60_000),
    ]).execute();
    clockOffsetMs = base.getTime() - Date.now();
    try {
      await runThroughQueue(purgeIdempotencyKeysJob.name);
    } finally {
      clockOffsetMs = 0;
    }
    const left = await t.db.selectFrom('idempotency_keys').select('key').where('key', 'like', 'housekeeping-%').execute();
    expect(left.map((row) => row.key)).toEqual(['housekeeping-fresh']);
  });

  it('keep the attendance feed\'s change log to the latest row of each record, and a reader behind still gets the record as it is now', async () => {
    const record = await t.db.selectFrom('attendance_records').select(['student_user_id', 'event_id']).orderBy('event_id').orderBy('student_user_id').executeTakeFirstOrThrow();
    // Ordered by the xid8 itself: by its text, '1765' would sort before '763'.
    const ofRecord = () => t.db.selectFrom('attendance_changes').select(['id', sql<string>`txid::text`.as('txid')])
      .where('student_user_id', '=', record.student_user_id).where('event_id', '=', record.event_id).orderBy(sql`attendance_changes.txid`).orderBy('id').execute();
    await feedCaughtUp(t.db);
    const behind = await readAttendanceFeed(t.db, { limit: 1 });
    const update = (outcome: 'Absent' | 'Attended') => t.db.updateTable('attendance_records').set({ analysis_result: outcome })
      .where('student_user_id', '=', record.student_user_id).where('event_id', '=', record.event_id).execute();
    await update('Absent');
    await update('Attended');
    const before = await ofRecord();
    expect(before.length).toBeGreaterThanOrEqual(3);
    // This app runs its scheduled jobs (closing registers writes records): judge only the rows there now.
    const recordsOf = async (upTo: string) => (await t.db.selectFrom('attendance_changes')
      .select([sql<string>`student_user_id || ':' || event_id`.as('key'), sql<number>`count(*)::int`.as('rows')])
      .where('id', '<=', upTo).groupBy(['student_user_id', 'event_id']).execute());
    const last = await t.db.selectFrom('attendance_changes').select(sql<string>`max(id)::text`.as('id')).executeTakeFirstOrThrow();
    const recordsBefore = (await recordsOf(last.id)).map((r) => r.key);

    await runThroughQueue(pruneAttendanceChangesJob.name);

    expect(await ofRecord()).toEqual([before.at(-1)]);
    // Each record keeps one row, and none is lost (a record some job changed since keeps its newer row).
    const after = await recordsOf(last.id);
    expect(after.filter((r) => r.rows > 1)).toEqual([]);
    const keptAnywhere = new Set((await t.db.selectFrom('attendance_changes').select(sql<string>`student_user_id || ':' || event_id`.as('key')).execute()).map((r) => r.key));
    expect(recordsBefore.filter((key) => !keptAnywhere.has(key))).toEqual([]);
    // A reader whose cursor is behind the pruned rows still meets the record, once, as it is now.
    await feedCaughtUp(t.db);
    const seen: { outcome: string | null }[] = [];
    let cursor = behind.nextCursor;
    for (;;) {
      const page = await readAttendanceFeed(t.db, { since: cursor, limit: 5000 });
      seen.push(...page.items.filter((item) => item.studentRowId === record.student_user_id && item.eventRowId === record.event_id));
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual([expect.objectContaining({ outcome: 'Attended' })]);
  });
});
