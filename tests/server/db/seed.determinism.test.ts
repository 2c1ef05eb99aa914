import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/database.js';
import { seedDemoUniversity } from '../../../src/server/db/seed/seed.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

/** Tables compared; users.created_at is left out because the identity migration fills it with now(). */
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
      select (to_jsonb(t) - 'created_at')::text as row from ${sql.table(table)} t order by 1`.execute(db);
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
  const test = await createTestDatabase('empty');
  opened.push(test);
  await seedDemoUniversity(test.db, { today: new Date(iso) });
  return test.db;
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

  it('moves with the day it is seeded on', async () => {
    const [first, second] = await Promise.all([seededOn('2026-02-04T11:30:00Z'), seededOn('2026-02-05T11:30:00Z')]);
    expect((await digest(first)).hash).not.toBe((await digest(second)).hash);
  });
});
