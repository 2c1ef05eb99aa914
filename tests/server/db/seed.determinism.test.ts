import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/database.js';
import { SettableClock, clockFor } from '../../../src/server/clock.js';
import { loadConfig } from '../../../src/server/config.js';
import { demoSeedInstant } from '../../../src/server/db/startup.js';
import { seedDemoUniversity } from '../../../src/server/db/seed/seed.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

/** Tables compared, every column included: the seed writes every timestamp from `today`, none from the database's now(). */
const TABLES = [
  'users', 'user_roles', 'profiles', 'personal_tutors', 'buildings', 'rooms', 'modules', 'timetable_events',
  'enrolments', 'teaching_assignments', 'attendance_records', 'attendance_registrations', 'absence_categories',
  'absence_requests', 'referrals', 'resource_categories', 'resource_links', 'resource_link_opens',
  'audience_rules', 'audience_rule_groups', 'resource_category_rules', 'resource_link_rules', 'favourite_resources', 'trending_items', 'favourite_trending', 'notifications',
  'user_preferences', 'feedback', 'feedback_prompts',
];

async function digest(db: Db): Promise<{ hash: string; counts: Record<string, number> }> {
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ row: string }>`
      select to_jsonb(t)::text as row from ${sql.table(table)} t order by 1`.execute(db);
    counts[table] = rows.length;
    hash.update(`${table}\n`);
    for (const { row } of rows) hash.update(`${row}\n`);
  }
  return { hash: hash.digest('hex'), counts };
}

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.drop()));
});

async function seededOn(iso: string): Promise<Db> {
  return seededAt(new Date(iso));
}

async function seededAt(today: Date): Promise<Db> {
  const test = await createTestDatabase('empty');
  opened.push(test);
  await seedDemoUniversity(test.db, { today });
  return test.db;
}

/** As `npm start` seeds: the configuration's clock, started at CLOCK_START, then the seed instant. */
async function seededWithClockStart(clockStart: string, runningForMs: number): Promise<Db> {
  const config = loadConfig({ CLOCK_START: clockStart });
  const clock = clockFor(config);
  if (clock instanceof SettableClock) clock.advance(runningForMs); // the embedded PostgreSQL took a while to start
  return seededAt(demoSeedInstant(config, clock));
}

describe('the demo seed', () => {
  it('produces identical data for the same day', async () => {
    const [first, second] = await Promise.all([seededOn('2026-02-04T11:30:00Z'), seededOn('2026-02-04T11:30:00Z')]);
    const a = await digest(first);
    const b = await digest(second);
    expect(a.counts).toEqual(b.counts);
    expect(a.hash).toBe(b.hash);
    expect(a.counts.attendance_records).toBeGreaterThan(1000);
  });

  it('is the same university for the same CLOCK_START, however long the start-up took', async () => {
    const clockStart = '2026-10-05T08:55:00+01:00';
    const [first, second] = await Promise.all([seededWithClockStart(clockStart, 0), seededWithClockStart(clockStart, 7_345)]);
    const a = await digest(first);
    const b = await digest(second);
    expect(a.counts).toEqual(b.counts);
    expect(a.hash).toBe(b.hash);
    expect(a.counts.timetable_events).toBeGreaterThan(0);
  });

  it('moves with the day it is seeded on', async () => {
    const [first, second] = await Promise.all([seededOn('2026-02-04T11:30:00Z'), seededOn('2026-02-05T11:30:00Z')]);
    expect((await digest(first)).hash).not.toBe((await digest(second)).hash);
  });
});
