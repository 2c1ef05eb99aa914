import { beforeAll, describe, expect, it } from 'vitest';
import { cancelClassRoute } from '../../../../src/shared/contract/admin.js';
import {
  closeRegisterRoute, getRegisterRoute, markPresentRoute, moveClassRoute, type ClassRegister, type MoveClassBody,
} from '../../../../src/shared/contract/staffRegister.js';
import { academicYearLabelOf, addMinutes } from '../../../../src/server/calendar/academicCalendar.js';
import { SettableClock } from '../../../../src/server/clock.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { userId } from '../attendance/support.js';
import { auditOf, recordsOf } from './support.js';

/*
 * Issue 31 §4: a register is never closed before its class, no class moves into the past or to a
 * time that has begun (M1), only the lecturers a class lists change it, a move is checked for
 * clashes, and an override after close gives a reason. The clock stands still on a Wednesday
 * morning years after the seed's timetable, and every class here is this file's own.
 */
const NOW = new Date('2031-03-12T10:00:00Z');
const clock = new SettableClock(NOW, { frozen: true });
const t = useTestApp({ clock });
const YEAR = academicYearLabelOf(NOW);
const DAY = 24 * 60;

let lecturer: Caller;
let admin: Caller;
let lecturerId: number;
let coverId: number;
let rooms: [string, string];
/** SAFE101: `lecturer` teaches its group; three students. */
let ownGroup: number;
/** SAFE202: another lecturer's group; two of the SAFE101 students take it too. */
let otherGroup: number;
/** SAFE303: a second group `lecturer` teaches, with no students. */
let secondGroup: number;
let students: number[];

async function newGroup(code: string): Promise<{ module: number; group: number }> {
  const { id: module } = await t.db.insertInto('modules').values({ code, name: `Module ${code}` }).returning('id').executeTakeFirstOrThrow();
  const { id: group } = await t.db.insertInto('teaching_groups').values({ module_id: module, title: code, academic_year: YEAR }).returning('id').executeTakeFirstOrThrow();
  return { module, group };
}

async function newStudent(userName: string, groups: readonly number[]): Promise<number> {
  const { id } = await t.db.insertInto('users')
    .values({ user_name: userName, display_name: `Student ${userName}`, first_name: userName, email: `${userName}@example.ac.uk`, student_id: `S-${userName}` })
    .returning('id').executeTakeFirstOrThrow();
  for (const group of groups) {
    const { module_id } = await t.db.selectFrom('teaching_groups').select('module_id').where('id', '=', group).executeTakeFirstOrThrow();
    await t.db.insertInto('enrolments').values({ student_user_id: id, module_id, group_id: group, academic_year: YEAR }).execute();
  }
  return id;
}

/** A class of a group starting `minutesFromNow` from the frozen now, an hour long. */
async function newClass(group: number, minutesFromNow: number, roomId: string | null = null): Promise<number> {
  const { module_id } = await t.db.selectFrom('teaching_groups').select('module_id').where('id', '=', group).executeTakeFirstOrThrow();
  const { id } = await t.db.insertInto('timetable_events').values({
    module_id, group_id: group, event_type: 'Seminar', room_id: roomId, starts_at: addMinutes(NOW, minutesFromNow), duration_minutes: 60, is_monitored: true,
    staff_names: 'Dr Helen Marsh',
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  [lecturer, admin] = (await Promise.all(['lecturer', 'admin'].map((name) => t.signIn(name)))) as [Caller, Caller];
  lecturerId = await userId(t.db, 'lecturer');
  coverId = await userId(t.db, 't.avery');
  const found = await t.db.selectFrom('rooms').select('id').orderBy('id').limit(2).execute();
  rooms = [found[0]?.id ?? '', found[1]?.id ?? ''];
  ownGroup = (await newGroup('SAFE101')).group;
  otherGroup = (await newGroup('SAFE202')).group;
  secondGroup = (await newGroup('SAFE303')).group;
  await t.db.insertInto('teaching_assignments').values([
    { lecturer_user_id: lecturerId, group_id: ownGroup },
    { lecturer_user_id: lecturerId, group_id: secondGroup },
    { lecturer_user_id: coverId, group_id: otherGroup },
  ]).execute();
  students = [
    await newStudent('safe.one', [ownGroup, otherGroup]),
    await newStudent('safe.two', [ownGroup, otherGroup]),
    await newStudent('safe.three', [ownGroup]),
  ];
});

const move = (rowId: number, body: MoveClassBody, as = lecturer) => t.call(moveClassRoute, { params: { rowId }, body, as });
const closeNow = (eventRowId: number, as = lecturer) => t.call(closeRegisterRoute, { params: { eventRowId }, as });
const eventRow = (id: number) => t.db.selectFrom('timetable_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function registerOf(eventRowId: number): Promise<ClassRegister> {
  const response = await t.call(getRegisterRoute, { params: { eventRowId }, as: lecturer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClassRegister>();
}

describe('closing a register', () => {
  it('is refused before the class starts (409, the error shape), writing nothing', async () => {
    const event = await newClass(ownGroup, 30);
    const response = await closeNow(event);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'A register can be closed only once the class has started.',
      errors: { registrationWindow: ['This class has not started yet.'] },
      code: 'conflict',
    });
    expect(await recordsOf(t.db, event)).toEqual([]);
    expect((await eventRow(event)).register_closed_at).toBeNull();
  });

  it('records the students not yet registered absent once the class has started, and says so in the history', async () => {
    const event = await newClass(ownGroup, -5);
    const response = await closeNow(event);
    expect(response.statusCode, response.body).toBe(200);
    const closed = response.json<ClassRegister>();
    expect(closed.students.map((s) => s.result)).toEqual(['Absent', 'Absent', 'Absent']);
    expect(closed.history).toEqual([expect.objectContaining({ actorName: 'Dr Helen Marsh', summary: 'Closed the register', reason: null })]);
  });
});

describe('M1: no move into the past or to a time that has begun', () => {
  it('refuses a future class moved to yesterday (400), so its register cannot then be closed on a class that never happened', async () => {
    const event = await newClass(ownGroup, 2 * DAY);
    const before = await eventRow(event);
    const response = await move(event, { newStart: addMinutes(NOW, -DAY).toISOString() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'A class cannot be moved to a time that has already begun.',
      errors: { newStart: ['Choose a date and time still to come.'] },
      code: 'validation',
    });
    expect(await eventRow(event)).toEqual(before);
    expect((await closeNow(event)).statusCode).toBe(409);
    expect(await recordsOf(t.db, event)).toEqual([]);
    expect(await auditOf(t.db, 'timetable.move', event)).toEqual([]);
  });

  it('refuses a time that has begun (now, or ten minutes ago) but takes one still to come', async () => {
    const event = await newClass(ownGroup, DAY);
    expect((await move(event, { newStart: NOW.toISOString() })).statusCode).toBe(400);
    expect((await move(event, { newStart: addMinutes(NOW, -10).toISOString() })).statusCode).toBe(400);
    expect((await eventRow(event)).sequence).toBe(0);
    const response = await move(event, { newStart: addMinutes(NOW, 2 * DAY + 60).toISOString() });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('still lets a class under way change room only (its start stays)', async () => {
    const event = await newClass(ownGroup, -10, rooms[0]);
    const { starts_at } = await eventRow(event);
    const response = await move(event, { newStart: starts_at.toISOString(), roomId: rooms[1] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await eventRow(event)).room_id).toBe(rooms[1]);
  });
});

describe('only the lecturers a class lists change it', () => {
  it('refuses a lecturer of the group a class another lecturer covers: move, cancel and close are 403; the register is still theirs to see', async () => {
    const covered = await newClass(ownGroup, -5);
    await t.db.insertInto('teaching_assignments').values({ lecturer_user_id: coverId, event_id: covered }).execute();
    const before = await eventRow(covered);

    expect((await registerOf(covered)).canChange).toBe(false);
    const moved = await move(covered, { newStart: addMinutes(NOW, 3 * DAY).toISOString() });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toMatchObject({ message: expect.any(String), errors: {} });
    expect((await t.call(cancelClassRoute, { params: { rowId: covered }, as: lecturer })).statusCode).toBe(403);
    expect((await closeNow(covered)).statusCode).toBe(403);
    expect(await eventRow(covered)).toEqual(before);
    expect(await recordsOf(t.db, covered)).toEqual([]);

    // Their own class: they may; an administrator may change the covered one.
    expect((await registerOf(await newClass(ownGroup, DAY))).canChange).toBe(true);
    expect((await move(covered, { newStart: addMinutes(NOW, 3 * DAY).toISOString() }, admin)).statusCode).toBe(200);
  });
});

describe('a move that clashes', () => {
  it('comes back as a warning listing the room, the lecturers and the students, and changes nothing', async () => {
    const event = await newClass(ownGroup, 2 * DAY, rooms[0]);
    const target = addMinutes(NOW, 4 * DAY);
    await newClass(otherGroup, 4 * DAY + 30, rooms[1]);
    await newClass(secondGroup, 4 * DAY - 30);
    const before = await eventRow(event);

    const response = await move(event, { newStart: target.toISOString(), roomId: rooms[1] });
    expect(response.statusCode).toBe(409);
    const body = response.json<{ message: string; errors: { clashes: string[] } }>();
    expect(body.message).toBe('The new time clashes with other classes. Move it anyway?');
    expect(body.errors.clashes).toEqual([
      expect.stringMatching(new RegExp(`^Room: .+ is booked for SAFE202 Seminar 10:30–11:30\\.$`)),
      'Lecturer: Dr Helen Marsh teaches SAFE303 Seminar 09:30–10:30.',
      'Students: 2 students have another class then.',
    ]);
    expect(await eventRow(event)).toEqual(before);
    expect(await auditOf(t.db, 'timetable.move', event)).toEqual([]);
  });

  it('moves when confirmed: audited with the clashes and the reason, the reason told to the students and shown in the history', async () => {
    const event = await newClass(ownGroup, 2 * DAY);
    const target = addMinutes(NOW, 5 * DAY);
    await newClass(otherGroup, 5 * DAY);
    const reason = 'Lab equipment is being serviced';

    const response = await move(event, { newStart: target.toISOString(), reason, confirmClashes: true });
    expect(response.statusCode, response.body).toBe(200);
    expect((await eventRow(event)).starts_at).toEqual(target);
    const [audit] = await auditOf(t.db, 'timetable.move', event);
    expect(audit?.user_id).toBe(lecturerId);
    expect(audit?.detail).toMatchObject({ context: { reason, clashesConfirmed: ['Students: 2 students have another class then.'] } });

    const notification = await t.db.selectFrom('notifications').select('body')
      .where('user_id', '=', students[0] ?? 0).where('title', 'like', 'Moved: SAFE101%').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notification.body).toMatch(/ moves from .+ to .+\. Reason: Lab equipment is being serviced$/);

    const history = (await registerOf(event)).history;
    expect(history).toEqual([expect.objectContaining({
      actorName: 'Dr Helen Marsh', summary: expect.stringMatching(/^Moved the class from .+ to .+, accepting 1 clash$/), reason,
    })]);
  });

  it('needs no confirmation for a free slot', async () => {
    const event = await newClass(ownGroup, 2 * DAY);
    const response = await move(event, { newStart: addMinutes(NOW, 6 * DAY + 7 * 60).toISOString() });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('marking a student present after the register has closed', () => {
  it('needs a reason (400 without one), which is audited and shown in the register\'s history', async () => {
    const event = await newClass(ownGroup, -90);
    expect((await closeNow(event)).statusCode).toBe(200);
    const [student] = students;
    if (student === undefined) throw new Error('no student');
    const mark = (reason?: string) => t.call(markPresentRoute, {
      params: { eventRowId: event, studentUserId: student }, body: { attended: true, ...(reason === undefined ? {} : { reason }) }, as: lecturer,
    });

    const refused = await mark();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Give a short reason for changing a closed register.',
      errors: { reason: ['Give a short reason for changing a closed register.'] },
      code: 'validation',
    });
    expect((await mark('   ')).statusCode).toBe(400);
    expect(await auditOf(t.db, 'register.override', event)).toEqual([]);

    const response = await mark('Phone battery died; seen in class');
    expect(response.statusCode, response.body).toBe(200);
    const [audit] = await auditOf(t.db, 'register.override', event);
    expect(audit?.detail).toMatchObject({ context: { registerClosed: true, reason: 'Phone battery died; seen in class' } });
    const { history, students: list } = response.json<ClassRegister>();
    expect(list.find((s) => s.userId === student)?.result).toBe('Attended');
    expect(history.map((entry) => [entry.summary, entry.reason])).toEqual([
      ['Closed the register', null],
      ['Marked Student safe.one present', 'Phone battery died; seen in class'],
    ]);
  });
});
