import { beforeAll, describe, expect, it } from 'vitest';
import { registerAttendanceRoute } from '../../../../src/shared/contract/attendance.js';
import {
  getCheckInCodeRoute, getRegisterRoute, setCheckInRequirementRoute, type CheckInCode, type ClassRegister,
} from '../../../../src/shared/contract/staffRegister.js';
import { timetableRoute, type Timetable } from '../../../../src/shared/contract/timetable.js';
import { buildApp } from '../../../../src/server/app.js';
import { academicYearLabelOf, addMinutes } from '../../../../src/server/calendar/academicCalendar.js';
import { SettableClock } from '../../../../src/server/clock.js';
import { loadConfig } from '../../../../src/server/config.js';
import { callRoute } from '../../../helpers/routes.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { auditOf } from '../staff/support.js';
import { userId } from './support.js';

/*
 * Issue 31 §5, proof of presence: a module's lecturers turn the check-in code on; the register
 * shows them the code of the current 30-second window; a student registers with it. A missing,
 * wrong or expired code is refused (400 keyed `checkInCode`, SPEC §8) and kept as evidence, the
 * campus-network check still applies, and neither the code nor the secret reaches the student.
 * The clock stands still on a Wednesday morning years after the seed; every class is this file's.
 */
const NOW = new Date('2031-03-12T10:00:00Z');
const clock = new SettableClock(NOW, { frozen: true });
const t = useTestApp({ clock });
const YEAR = academicYearLabelOf(NOW);
const OFF_CAMPUS = '203.0.113.9';

let lecturer: Caller;
let admin: Caller;
let student: Caller;
let studentId: number;
/** CHK101: `lecturer` teaches it, `student` takes it. */
let ownGroup: number;
/** CHK202: another lecturer's module, which `student` takes too. */
let otherGroup: number;

async function newGroup(code: string): Promise<number> {
  const { id: module } = await t.db.insertInto('modules').values({ code, name: `Module ${code}` }).returning('id').executeTakeFirstOrThrow();
  const { id } = await t.db.insertInto('teaching_groups').values({ module_id: module, title: code, academic_year: YEAR }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('enrolments').values({ student_user_id: studentId, module_id: module, group_id: id, academic_year: YEAR }).execute();
  return id;
}

/** A monitored class of a group starting `minutesFromNow` from the clock's now (registration opens 10 minutes before). */
async function newClass(group: number, minutesFromNow = 5): Promise<number> {
  const { module_id } = await t.db.selectFrom('teaching_groups').select('module_id').where('id', '=', group).executeTakeFirstOrThrow();
  const { id } = await t.db.insertInto('timetable_events').values({
    module_id, group_id: group, event_type: 'Lecture', room_id: null, starts_at: addMinutes(clock.now(), minutesFromNow), duration_minutes: 60,
    is_monitored: true, staff_names: 'Dr Helen Marsh',
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

const setRequirement = (eventRowId: number, requiresCheckInCode: boolean, as = lecturer) =>
  t.call(setCheckInRequirementRoute, { params: { eventRowId }, body: { requiresCheckInCode }, as });

async function codeOf(eventRowId: number, as = lecturer): Promise<CheckInCode> {
  const response = await t.call(getCheckInCodeRoute, { params: { eventRowId }, as });
  expect(response.statusCode).toBe(200);
  return response.json<CheckInCode>();
}

const register = (eventRowId: number, checkInCode?: string, remoteAddress = '127.0.0.1') =>
  t.call(registerAttendanceRoute, {
    body: { timetableEntryRowId: eventRowId, isAttendanceMonitored: true, ...(checkInCode === undefined ? {} : { checkInCode }) },
    as: student, remoteAddress,
  });

async function refusalsAt(eventId: number) {
  return t.db.selectFrom('attendance_registration_refusals').select(['reason', 'client_ip', 'check_in_code', 'at'])
    .where('student_user_id', '=', studentId).where('event_id', '=', eventId).orderBy('id').execute();
}

async function isRegistered(eventId: number): Promise<boolean> {
  const row = await t.db.selectFrom('attendance_registrations').select('id').where('student_user_id', '=', studentId).where('event_id', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

/** Expects a 400 keyed `checkInCode` with `message`, and returns it. */
async function expectCodeRefusal(eventId: number, code: string | undefined, message: string): Promise<void> {
  const response = await register(eventId, code);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message, errors: { checkInCode: [message] }, code: 'validation' });
}

const REQUIRED = 'This class needs the check-in code your lecturer is showing. Enter it to register.';
const WRONG = 'That check-in code is not right. Check the code your lecturer is showing and try again.';
const EXPIRED = 'That check-in code has expired. Enter the code your lecturer is showing now.';
const ATTEMPTS = 'Too many wrong check-in codes for this class. Ask your lecturer to mark you present.';

/** A six-digit code that is not `code`. */
const otherThan = (code: string): string => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  [lecturer, admin, student] = (await Promise.all(['lecturer', 'admin', 'student'].map((name) => t.signIn(name)))) as [Caller, Caller, Caller];
  studentId = await userId(t.db, 'student');
  ownGroup = await newGroup('CHK101');
  otherGroup = await newGroup('CHK202');
  await t.db.insertInto('teaching_assignments').values([
    { lecturer_user_id: await userId(t.db, 'lecturer'), group_id: ownGroup },
    { lecturer_user_id: await userId(t.db, 't.avery'), group_id: otherGroup },
  ]).execute();
});

describe('the check-in code setting', () => {
  it('is off by default: no code to show, and a student registers without one', async () => {
    const event = await newClass(ownGroup);
    const registerPage = await t.call(getRegisterRoute, { params: { eventRowId: event }, as: lecturer });
    expect(registerPage.json<ClassRegister>().requiresCheckInCode).toBe(false);
    const code = await t.call(getCheckInCodeRoute, { params: { eventRowId: event }, as: lecturer });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toEqual({
      message: 'This class does not ask for a check-in code. Turn it on first.',
      errors: { checkInCode: ['This class does not ask for a check-in code. Turn it on first.'] },
      code: 'conflict',
    });
    expect((await register(event)).statusCode).toBe(204);
  });

  it('is turned on and off per module by its lecturer, audited once per change, and shown in the history', async () => {
    const event = await newClass(ownGroup);
    const on = await setRequirement(event, true);
    expect(on.statusCode).toBe(200);
    expect(on.json<ClassRegister>().requiresCheckInCode).toBe(true);
    expect((await setRequirement(event, true)).statusCode).toBe(200); // already on: nothing written
    const entries = await auditOf(t.db, 'register.checkInCode', event);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_id: await userId(t.db, 'lecturer'),
      detail: { before: { requiresCheckInCode: false }, after: { requiresCheckInCode: true }, context: { moduleCode: 'CHK101' } },
    });
    expect(on.json<ClassRegister>().history.map((entry) => entry.summary)).toContain('Turned on the check-in code for CHK101');
    // Per module: another class of it asks for the code too.
    const sibling = await newClass(ownGroup, 8);
    expect((await t.call(getRegisterRoute, { params: { eventRowId: sibling }, as: lecturer })).json<ClassRegister>().requiresCheckInCode).toBe(true);
    const off = await setRequirement(event, false);
    expect(off.json<ClassRegister>().requiresCheckInCode).toBe(false);
    expect(await auditOf(t.db, 'register.checkInCode', event)).toHaveLength(2);
    expect((await register(sibling)).statusCode).toBe(204);
  });

  it("is refused to a student, and to a lecturer for another lecturer's class (403); an administrator may", async () => {
    const foreign = await newClass(otherGroup);
    expect((await setRequirement(foreign, true, lecturer)).statusCode).toBe(403);
    expect((await t.call(getCheckInCodeRoute, { params: { eventRowId: foreign }, as: lecturer })).statusCode).toBe(403);
    expect((await setRequirement(foreign, true, student)).statusCode).toBe(403);
    expect((await t.call(getCheckInCodeRoute, { params: { eventRowId: foreign }, as: student })).statusCode).toBe(403);
    expect(await auditOf(t.db, 'register.checkInCode', foreign)).toEqual([]);
    expect((await setRequirement(foreign, true, admin)).statusCode).toBe(200);
    expect((await codeOf(foreign, admin)).code).toMatch(/^\d{6}$/);
    expect((await setRequirement(foreign, false, admin)).statusCode).toBe(200);
    expect((await t.call(getCheckInCodeRoute, { params: { eventRowId: 999_999 }, as: admin })).statusCode).toBe(404);
  });
});

describe('registering with the check-in code', () => {
  let event: number;
  beforeAll(async () => {
    event = await newClass(ownGroup);
    expect((await setRequirement(event, true)).statusCode).toBe(200);
  });

  it('tells the student a code is needed, but never sends them the code or the secret', async () => {
    const { code } = await codeOf(event);
    const response = await t.call(timetableRoute, { as: student });
    const entry = response.json<Timetable>().timetableEntries.find((e) => e.rowId === event);
    expect(entry?.attendanceDataStudent?.requiresCheckInCode).toBe(true);
    const { secret } = await t.db.selectFrom('check_in_secrets').select('secret').where('event_id', '=', event).executeTakeFirstOrThrow();
    for (const leaked of [code, secret.toString('hex'), secret.toString('base64'), secret.toString('base64url')]) {
      expect(response.body).not.toContain(leaked);
    }
    // A class of a module that does not ask says nothing about it.
    const plain = await newClass(otherGroup);
    const plainEntry = (await t.call(timetableRoute, { as: student })).json<Timetable>().timetableEntries.find((e) => e.rowId === plain);
    expect(plainEntry?.attendanceDataStudent).not.toHaveProperty('requiresCheckInCode');
  });

  it('refuses no code, a wrong code, and off campus with the right code, keeping each as evidence', async () => {
    const { code } = await codeOf(event);
    await expectCodeRefusal(event, undefined, REQUIRED);
    await expectCodeRefusal(event, '   ', REQUIRED);
    await expectCodeRefusal(event, otherThan(code), WRONG);
    await expectCodeRefusal(event, 'not a code', WRONG);
    const offCampus = await register(event, code, OFF_CAMPUS);
    expect(offCampus.statusCode).toBe(400);
    expect(Object.keys(offCampus.json<{ errors: object }>().errors)).toEqual(['NetworkConnection']);
    expect(await isRegistered(event)).toBe(false);
    expect(await refusalsAt(event)).toEqual([
      { reason: 'CheckInCodeRequired', client_ip: '127.0.0.1', check_in_code: null, at: NOW },
      { reason: 'CheckInCodeRequired', client_ip: '127.0.0.1', check_in_code: null, at: NOW },
      { reason: 'CheckInCodeWrong', client_ip: '127.0.0.1', check_in_code: otherThan(code), at: NOW },
      { reason: 'CheckInCodeWrong', client_ip: '127.0.0.1', check_in_code: 'notacode', at: NOW },
      { reason: 'NetworkConnection', client_ip: OFF_CAMPUS, check_in_code: null, at: NOW },
    ]);
  });

  it('registers with the code shown, typed with a space, on campus', async () => {
    const { code, shownFrom, changesAt, acceptedUntil } = await codeOf(event);
    expect(Date.parse(changesAt) - Date.parse(shownFrom)).toBe(30_000);
    expect(Date.parse(acceptedUntil) - Date.parse(shownFrom)).toBe(90_000);
    expect((await register(event, `${code.slice(0, 3)} ${code.slice(3)}`)).statusCode).toBe(204);
    expect(await isRegistered(event)).toBe(true);
  });
});

describe('the code as time passes', () => {
  it('is accepted for 90 s from when it shows, then refused as expired, while the new code works', async () => {
    const event = await newClass(ownGroup);
    expect((await setRequirement(event, true)).statusCode).toBe(200);
    // Start at a window boundary, so the steps below are exact.
    clock.startAt(Math.ceil(clock.nowMs() / 30_000) * 30_000);
    const first = await codeOf(event);
    expect(Date.parse(first.shownFrom)).toBe(clock.nowMs());
    clock.advance(30_000);
    const second = await codeOf(event);
    expect(second.code).not.toBe(first.code);
    clock.advance(59_999); // 89.999 s after the first code showed: still accepted
    expect(Date.parse(first.acceptedUntil)).toBe(clock.nowMs() + 1);
    clock.advance(1); // 90 s: expired
    await expectCodeRefusal(event, first.code, EXPIRED);
    expect((await refusalsAt(event)).at(-1)).toMatchObject({ reason: 'CheckInCodeExpired', check_in_code: first.code });
    expect((await register(event, second.code)).statusCode).toBe(204);
  });

  it('accepts the code just before 90 s', async () => {
    const event = await newClass(ownGroup);
    const first = await codeOf(event);
    clock.advance(Date.parse(first.acceptedUntil) - clock.nowMs() - 1);
    expect((await register(event, first.code)).statusCode).toBe(204);
  });

  it('is the same code on another instance, with nothing shared but the database', async () => {
    const event = await newClass(ownGroup);
    const { code } = await codeOf(event);
    const config = loadConfig({ DEMO: '1', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent' });
    const other = await buildApp({ config, db: t.db, clock });
    await other.ready();
    try {
      const response = await callRoute(other, registerAttendanceRoute, {
        body: { timetableEntryRowId: event, isAttendanceMonitored: true, checkInCode: code }, as: student,
      });
      expect(response.statusCode).toBe(204);
    } finally {
      await other.close();
    }
  });

  it('refuses every code after ten wrong ones, so six digits cannot be guessed', async () => {
    const event = await newClass(ownGroup);
    const { code } = await codeOf(event);
    for (let attempt = 0; attempt < 10; attempt += 1) await expectCodeRefusal(event, otherThan(code), WRONG);
    await expectCodeRefusal(event, code, ATTEMPTS);
    expect((await refusalsAt(event)).map((r) => r.reason).at(-1)).toBe('CheckInCodeAttempts');
    expect(await isRegistered(event)).toBe(false);
  });
});
