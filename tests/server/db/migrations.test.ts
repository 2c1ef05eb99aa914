import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { migrations } from '../../../src/server/db/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

const DOMAIN_TABLES = [
  'profiles', 'personal_tutors', 'buildings', 'rooms', 'modules', 'timetable_events', 'enrolments',
  'teaching_assignments', 'attendance_records', 'attendance_registrations', 'attendance_registration_refusals',
  'absence_categories', 'absence_requests', 'absence_files', 'referrals', 'resource_categories', 'resource_links',
  'resource_link_opens', 'audience_rules', 'audience_rule_groups', 'resource_category_rules', 'resource_link_rules', 'favourite_resources', 'trending_items', 'favourite_trending',
  'trending_cache', 'notifications', 'push_subscriptions', 'user_preferences', 'preference_options', 'feedback',
  'feedback_prompts', 'ical_subscriptions',
];

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase('empty');
});
afterAll(async () => {
  await test.drop();
});

async function tableNames(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public'`.execute(test.db);
  return rows.map((r) => r.name);
}

describe('migrations', () => {
  it('create every table of the data model', async () => {
    expect(await tableNames()).toEqual(expect.arrayContaining(['users', ...DOMAIN_TABLES]));
  });

  it('are a no-op when run again', async () => {
    expect(await migrateToLatest(test.db)).toEqual([]);
  });

  it('ship the preference option lists', async () => {
    const options = await test.db.selectFrom('preference_options').select(['kind', 'value']).orderBy('kind').orderBy('display_order').execute();
    expect(options.filter((o) => o.kind === 'theme').map((o) => o.value)).toEqual(['Auto', 'Light', 'Dark']);
    expect(options.filter((o) => o.kind === 'border').map((o) => o.value)).toEqual(['Rounded', 'Square']);
    expect(options.filter((o) => o.kind === 'font').map((o) => o.value)).toEqual(['App Font', 'System', 'Open Dyslexic']);
  });

  it('enforce enumerations and uniqueness', async () => {
    const { id: userId } = await test.db
      .insertInto('users')
      .values({ user_name: 'm.test', display_name: 'M Test', first_name: 'M', email: 'm@example.ac.uk', oidc_subject: null, student_id: null, staff_job_family: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: categoryId } = await test.db
      .insertInto('absence_categories')
      .values({ name: 'Test', description: 'd', absence_type: 'Informed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = (status: string, description: string | null) =>
      test.db.insertInto('absence_requests').values({
        student_user_id: userId, category_id: categoryId, absence_start: '2025-10-01T09:00:00Z',
        absence_end: '2025-10-01T10:00:00Z', description, status: status as 'Pending', message_to_student: null,
      }).execute();
    await expect(request('Pending', 'ok')).resolves.toBeDefined();
    await expect(request('Lost', null)).rejects.toThrow(/check constraint/);
    await expect(request('Pending', 'x'.repeat(256))).rejects.toThrow(/check constraint/);

    const { id: categoryRow } = await test.db.insertInto('resource_categories').values({ name: 'C', colour: '#123abc' }).returning('id').executeTakeFirstOrThrow();
    const { id: linkId } = await test.db
      .insertInto('resource_links')
      .values({ category_id: categoryRow, display_name: 'L', url: 'https://example.ac.uk', description: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const favourite = () => test.db.insertInto('favourite_resources').values({ user_id: userId, link_id: linkId }).execute();
    await favourite();
    await expect(favourite()).rejects.toThrow(/unique/);
    await expect(
      test.db.insertInto('push_subscriptions').values({ user_id: userId, token: 't', provider: 'webpush', endpoint: null, p256dh: null, auth: null }).execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      test.db.insertInto('push_subscriptions').values({ user_id: userId, token: 't', provider: 'fcm', endpoint: null, p256dh: null, auth: null, types: ['General', 'Timetable'] }).execute(),
    ).resolves.toBeDefined();
  });

  it('roll back down to nothing and up again', async () => {
    const migrator = new Migrator({ db: test.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect((await tableNames()).filter((t) => !t.startsWith('kysely_'))).toEqual([]);
    expect(await migrateToLatest(test.db)).toEqual(Object.keys(migrations));
  });
});
