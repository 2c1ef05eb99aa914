import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDueRegisters } from '../../../../src/server/features/attendance/closeRegisters.service.js';
import { loadRegisterEvent } from '../../../../src/server/features/staff/register.queries.js';
import { teaches } from '../../../../src/server/features/staff/classAccess.js';
import { peopleOfEvent } from '../../../../src/server/features/timetable/membership.js';
import { eventsOf, timetableOwner } from '../../../../src/server/features/timetable/timetable.queries.js';
import { timetableWindow } from '../../../../src/server/features/timetable/timetable.service.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';

// A Wednesday of the autumn term; the events below are the Thursday after.
const now = new Date('2026-10-14T09:00:00Z');
const window = timetableWindow(now);

let t: TestDatabase;
let ids: { alice: number; bob: number; lecturer: number; other: number; module: number; lecture: number; labA: number; labB: number };
let events: { lecture: number; labA: number; labB: number };

async function user(userName: string): Promise<number> {
  const row = await t.db.insertInto('users').values({ user_name: userName, display_name: userName, first_name: userName, email: `${userName}@example.ac.uk`, created_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function event(groupId: number, startsAt: string): Promise<number> {
  const row = await t.db.insertInto('timetable_events')
    .values({ module_id: ids.module, group_id: groupId, event_type: 'Lab', room_id: null, starts_at: new Date(startsAt), duration_minutes: 60, is_monitored: true })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const visible = async (userId: number, roles: ('Student' | 'TeachingStaff')[]) =>
  (await eventsOf(t.db, timetableOwner(userId, roles), window)).map((e) => e.id);

beforeAll(async () => {
  t = await createTestDatabase('empty');
  const module = (await t.db.insertInto('modules').values({ code: 'GR1001', name: 'Group Theory' }).returning('id').executeTakeFirstOrThrow()).id;
  const group = async (title: string) => (await t.db.insertInto('teaching_groups').values({ module_id: module, title }).returning('id').executeTakeFirstOrThrow()).id;
  ids = {
    alice: await user('alice'), bob: await user('bob'), lecturer: await user('lect'), other: await user('other.lect'),
    module, lecture: await group('GR1001 Lecture'), labA: await group('GR1001 Lab A'), labB: await group('GR1001 Lab B'),
  };
  events = {
    lecture: await event(ids.lecture, '2026-10-15T09:00:00Z'),
    labA: await event(ids.labA, '2026-10-15T13:00:00Z'),
    labB: await event(ids.labB, '2026-10-15T15:00:00Z'),
  };
  await t.db.insertInto('enrolments').values([
    { student_user_id: ids.alice, module_id: module, group_id: ids.lecture, academic_year: window.label },
    { student_user_id: ids.alice, module_id: module, group_id: ids.labA, academic_year: window.label },
    { student_user_id: ids.bob, module_id: module, group_id: ids.lecture, academic_year: window.label },
    { student_user_id: ids.bob, module_id: module, group_id: ids.labB, academic_year: window.label },
  ]).execute();
  await t.db.insertInto('teaching_assignments').values([
    { lecturer_user_id: ids.lecturer, group_id: ids.labA, event_id: null },
    { lecturer_user_id: ids.other, module_id: module, event_id: null },
  ]).execute();
});
afterAll(async () => {
  await t.drop();
});

describe('teaching groups', () => {
  it("shows a student the events of their own groups only, not another lab group's", async () => {
    expect(await visible(ids.alice, ['Student'])).toEqual([events.lecture, events.labA]);
    expect(await visible(ids.bob, ['Student'])).toEqual([events.lecture, events.labB]);
  });

  it('shows a lecturer the groups they teach, and a module-wide lecturer every group', async () => {
    expect(await visible(ids.lecturer, ['TeachingStaff'])).toEqual([events.labA]);
    expect(await visible(ids.other, ['TeachingStaff'])).toEqual([events.lecture, events.labA, events.labB]);
    expect(await teaches(t.db, ids.lecturer, events.labB)).toBe(false);
    expect(await teaches(t.db, ids.lecturer, events.labA)).toBe(true);
  });

  it("tells a change to a group's students and its lecturers, no one else", async () => {
    expect((await peopleOfEvent(t.db, events.labA, window.label)).sort()).toEqual([ids.alice, ids.lecturer, ids.other].sort());
    expect((await peopleOfEvent(t.db, events.lecture, window.label)).sort()).toEqual([ids.alice, ids.bob, ids.other].sort());
  });

  it("writes a closed register's records for the group's students only", async () => {
    const closed = await closeDueRegisters(t.db, { closeMinutes: 15, now: new Date('2026-10-15T14:30:00Z') });
    expect(closed.classes).toBe(2);
    const records = await t.db.selectFrom('attendance_records').select(['student_user_id', 'event_id']).orderBy('event_id').orderBy('student_user_id').execute();
    expect(records).toEqual([
      { student_user_id: ids.alice, event_id: events.lecture }, { student_user_id: ids.bob, event_id: events.lecture },
      { student_user_id: ids.alice, event_id: events.labA },
    ]);
  });

  it('drops a deactivated event from timetables and registers, and keeps its attendance records', async () => {
    await t.db.updateTable('timetable_events').set({ is_active: false }).where('id', '=', events.labA).execute();
    expect(await visible(ids.alice, ['Student'])).toEqual([events.lecture]);
    await expect(loadRegisterEvent(t.db, events.labA)).rejects.toMatchObject({ statusCode: 404 });
    expect(await teaches(t.db, ids.lecturer, events.labA)).toBe(true);
    expect(await t.db.selectFrom('attendance_records').select('id').where('event_id', '=', events.labA).execute()).toHaveLength(1);
    await t.db.updateTable('timetable_events').set({ is_active: true }).where('id', '=', events.labA).execute();
  });

  it('drops a deactivated enrolment, and a deactivated group for everyone in it', async () => {
    await t.db.updateTable('enrolments').set({ is_active: false }).where('student_user_id', '=', ids.bob).where('group_id', '=', ids.labB).execute();
    expect(await visible(ids.bob, ['Student'])).toEqual([events.lecture]);
    await t.db.updateTable('teaching_groups').set({ is_active: false }).where('id', '=', ids.lecture).execute();
    expect(await visible(ids.alice, ['Student'])).toEqual([events.labA]);
    expect(await visible(ids.other, ['TeachingStaff'])).toEqual([events.labA, events.labB]);
  });

  it("keeps an event's module in step with its group", async () => {
    const elsewhere = (await t.db.insertInto('modules').values({ code: 'GR2002', name: 'Rings' }).returning('id').executeTakeFirstOrThrow()).id;
    const group = (await t.db.insertInto('teaching_groups').values({ module_id: elsewhere, title: 'GR2002 Lecture' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('timetable_events').set({ group_id: group }).where('id', '=', events.labB).execute();
    const moved = await t.db.selectFrom('timetable_events').select(['module_id', 'group_id']).where('id', '=', events.labB).executeTakeFirstOrThrow();
    expect(moved).toEqual({ module_id: elsewhere, group_id: group });
  });
});
