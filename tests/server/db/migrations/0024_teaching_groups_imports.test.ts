import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../src/server/db/migrations/index.js';
import { eventsOf, timetableOwner } from '../../../../src/server/features/timetable/timetable.queries.js';
import { timetableWindow } from '../../../../src/server/features/timetable/timetable.service.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';

const today = new Date('2026-10-04T07:55:00Z');

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase('empty');
});
afterAll(async () => {
  await t.drop();
});

const countOf = async (table: string): Promise<number> =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n);

const USER_MADE = ['attendance_records', 'attendance_registrations', 'absence_requests', 'favourite_resources', 'notifications', 'user_preferences'];

/**
 * Data as it stood before 0024, written in that schema's own terms: two modules with their events,
 * module-wide enrolments and teaching, a one-off cover, and what users made of it.
 */
async function seedOldShape(): Promise<void> {
  const run = (text: TemplateStringsArray, ...values: unknown[]) => sql(text, ...values).execute(t.db);
  await run`insert into users (user_name, display_name, first_name, email, created_at) values
    ('student', 'Amara Okafor', 'Amara', 's@x', ${today}), ('student2', 'Liam Chen', 'Liam', 's2@x', ${today}), ('lecturer', 'Dr Helen Marsh', 'Helen', 'l@x', ${today})`;
  await run`insert into user_roles (user_id, role) select id, case when user_name = 'lecturer' then 'TeachingStaff' else 'Student' end from users`;
  await run`insert into modules (code, name) values ('CS2041', 'Data Structures'), ('CS2052', 'Software Engineering')`;
  for (const [module, day] of [[1, 5], [1, 7], [1, 8], [2, 6], [2, 8], [2, 9]] as const) {
    await run`insert into timetable_events (module_id, event_type, room_id, starts_at, duration_minutes, is_monitored)
      values (${module}, 'Lecture', null, ${new Date(Date.UTC(2026, 9, day, 9))}, 60, true)`;
  }
  await run`insert into enrolments (student_user_id, module_id, academic_year)
    select u.id, m.id, '2026/27' from users u, modules m where u.user_name like 'student%'`;
  await run`insert into teaching_assignments (lecturer_user_id, module_id) select u.id, 1 from users u where u.user_name = 'lecturer'`;
  await run`insert into teaching_assignments (lecturer_user_id, event_id) select u.id, 4 from users u where u.user_name = 'lecturer'`;
  await run`insert into attendance_records (student_user_id, event_id, analysis_result, academic_year) select u.id, 1, 'Attended', '2026/27' from users u where u.user_name like 'student%'`;
  await run`insert into attendance_registrations (student_user_id, event_id, registered_at) select u.id, 1, ${today} from users u where u.user_name = 'student'`;
  await run`insert into absence_categories (name, description, absence_type) values ('Illness', 'Unwell', 'Authorised')`;
  await run`insert into absence_requests (student_user_id, category_id, absence_start, absence_end, created_at, last_modified)
    select u.id, 1, ${today}, ${new Date(Date.UTC(2026, 9, 6))}, ${today}, ${today} from users u where u.user_name = 'student'`;
  await run`insert into resource_categories (name, colour) values ('Help', '#000000')`;
  await run`insert into resource_links (category_id, display_name, url) values (1, 'Library', 'https://library.example')`;
  await run`insert into favourite_resources (user_id, link_id) select id, 1 from users where user_name = 'student'`;
  await run`insert into notifications (user_id, title, body, notification_type) select id, 'Hello', 'Welcome', 'General' from users`;
  await run`insert into user_preferences (user_id, theme) select id, 'dark' from users where user_name = 'student'`;
}

describe('migration 0024: teaching groups and imports', () => {
  it("carries today's seeded university across: a group per module takes its events, enrolments and teaching, and nothing a user made is lost", async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0023_push_deliveries')).error).toBeUndefined();
    await seedOldShape();
    const before = {
      events: (await sql<{ id: number; module_id: number }>`select id, module_id from timetable_events order by id`.execute(t.db)).rows,
      enrolments: (await sql<{ student_user_id: number; module_id: number; academic_year: string }>`
        select student_user_id, module_id, academic_year from enrolments order by 1, 2, 3`.execute(t.db)).rows,
      teaching: (await sql<{ lecturer_user_id: number; module_id: number | null; event_id: number | null }>`
        select lecturer_user_id, module_id, event_id from teaching_assignments order by id`.execute(t.db)).rows,
      made: Object.fromEntries(await Promise.all(USER_MADE.map(async (table) => [table, await countOf(table)] as const))),
      modules: await countOf('modules'),
    };
    expect(before.events.length).toBe(6);
    for (const table of USER_MADE) expect(before.made[table], table).toBeGreaterThan(0);
    const student = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'student').executeTakeFirstOrThrow()).id;
    const lecturer = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'lecturer').executeTakeFirstOrThrow()).id;
    const timetableIds = async (userId: number, roles: ('Student' | 'TeachingStaff')[]) =>
      (await eventsOf(t.db, timetableOwner(userId, roles), timetableWindow(today))).map((e) => e.id);
    const studentBefore = (await sql<{ id: number }>`
      select e.id from timetable_events e where e.module_id in (
        select module_id from enrolments where student_user_id = ${student} and academic_year = ${timetableWindow(today).label})
      and e.starts_at >= ${timetableWindow(today).start} and e.starts_at < ${timetableWindow(today).end}
      order by e.starts_at, e.id`.execute(t.db)).rows.map((r) => r.id);

    expect((await migrator.migrateTo('0024_teaching_groups_imports')).error).toBeUndefined();

    const groups = await t.db.selectFrom('teaching_groups').select(['id', 'module_id', 'title', 'is_active']).execute();
    expect(groups).toHaveLength(before.modules);
    expect(new Set(groups.map((g) => g.module_id)).size).toBe(before.modules);
    const groupOf = new Map(groups.map((g) => [g.module_id, g.id]));
    const events = await t.db.selectFrom('timetable_events').select(['id', 'module_id', 'group_id', 'is_active']).orderBy('id').execute();
    expect(events.map((e) => [e.id, e.module_id])).toEqual(before.events.map((e) => [e.id, e.module_id]));
    expect(events.every((e) => e.group_id === groupOf.get(e.module_id) && e.is_active)).toBe(true);
    const enrolments = await t.db.selectFrom('enrolments').select(['student_user_id', 'module_id', 'academic_year', 'group_id']).orderBy('student_user_id').orderBy('module_id').orderBy('academic_year').execute();
    expect(enrolments.map(({ group_id: _g, ...rest }) => rest)).toEqual(before.enrolments);
    expect(enrolments.every((n) => n.group_id === groupOf.get(n.module_id))).toBe(true);
    expect(await t.db.selectFrom('teaching_assignments').select(['lecturer_user_id', 'module_id', 'event_id']).orderBy('id').execute()).toEqual(before.teaching);
    for (const table of USER_MADE) expect(await countOf(table), table).toBe(before.made[table]);
    expect(await t.db.selectFrom('user_roles').select('role').where('via_sign_in', '=', false).execute()).toEqual([]);

    // What the student and the lecturer see is what they saw, read by today's timetable query (so in
    // today's schema: it reads later migrations' tables too, such as 0031's check-in settings).
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await timetableIds(student, ['Student'])).toEqual(studentBefore);
    expect((await timetableIds(lecturer, ['TeachingStaff'])).length).toBeGreaterThan(0);
  });

  it('rolls back to module-wide data and up again', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const events = await countOf('timetable_events');
    expect((await migrator.migrateTo('0023_push_deliveries')).error).toBeUndefined();
    expect(await countOf('timetable_events')).toBe(events);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await countOf('teaching_groups')).toBe(await countOf('modules'));
  });
});
