import { beforeAll, describe, expect, it } from 'vitest';
import { cancelClassRoute } from '../../../../src/shared/contract/admin.js';
import { closeRegisterRoute, getRegisterRoute, markPresentRoute, type ClassRegister } from '../../../../src/shared/contract/staffRegister.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { insertEvent, insertStudent, moduleId, register, userId } from '../attendance/support.js';
import { fetchTimetable } from '../timetable/support.js';
import { auditOf, recordsOf, untaughtModuleOf } from './support.js';

const t = useTestApp();
let lecturer: Caller;
let student: Caller;
let studentId: number;
let lecturerId: number;
/** CS2041: `lecturer` teaches it and `student` takes it. */
let taught: number;
let untaught: number;

const DAY = 24 * 60;

beforeAll(async () => {
  [lecturer, student] = (await Promise.all(['lecturer', 'student'].map((name) => t.signIn(name)))) as [Caller, Caller];
  studentId = await userId(t.db, 'student');
  lecturerId = await userId(t.db, 'lecturer');
  taught = await moduleId(t.db, 'CS2041');
  untaught = await untaughtModuleOf(t.db, t.clock.now());
});

const getRegister = (eventRowId: number, as = lecturer) => t.call(getRegisterRoute, { params: { eventRowId }, as });
const closeNow = (eventRowId: number, as = lecturer) => t.call(closeRegisterRoute, { params: { eventRowId }, as });
const markPresent = (eventRowId: number, studentUserId: number, as = lecturer, reason?: string) =>
  t.call(markPresentRoute, { params: { eventRowId, studentUserId }, body: { attended: true, ...(reason === undefined ? {} : { reason }) }, as });

async function registerOf(eventRowId: number): Promise<ClassRegister> {
  const response = await getRegister(eventRowId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClassRegister>();
}
const stateOf = (register: ClassRegister, id: number) => register.students.find((s) => s.userId === id);

describe('the way in: the lecturer\'s timetable', () => {
  it('marks the classes the lecturer teaches (each has a register), and no student\'s', async () => {
    const lecturerEntries = (await fetchTimetable(t.app, lecturer)).timetableEntries;
    expect(lecturerEntries.length).toBeGreaterThan(0);
    expect(lecturerEntries.every((e) => e.isTaught === true)).toBe(true);
    expect((await fetchTimetable(t.app, student)).timetableEntries.some((e) => e.isTaught !== undefined)).toBe(false);
  });
});

describe('GET /api/staff/register/:eventRowId', () => {
  it('lists the class\'s students; one who registers shows as registered, with the time', async () => {
    const event = await insertEvent(t.db, taught, -5, { now: t.clock.now() });
    const before = await registerOf(event);
    expect(before.moduleCode).toBe('CS2041');
    expect(before.closedAt).toBeNull();
    expect(stateOf(before, studentId)).toMatchObject({ state: 'NotYet', registeredAt: null, result: null });

    expect((await register(t.app, student, event)).statusCode).toBe(204);
    const after = stateOf(await registerOf(event), studentId);
    expect(after?.state).toBe('Registered');
    expect(Math.abs(Date.parse(after?.registeredAt ?? '') - t.clock.nowMs())).toBeLessThan(60_000);
  });

  it('shows an Approved absence covering the class', async () => {
    const event = await insertEvent(t.db, taught, -5, { now: t.clock.now() });
    const covered = await insertStudent(t.db, 'register.covered', [taught], t.clock.now());
    const category = await t.db.selectFrom('absence_categories').select('id').where('absence_type', '=', 'Authorised').executeTakeFirstOrThrow();
    await t.db.insertInto('absence_requests').values({
      student_user_id: covered, category_id: category.id, status: 'Approved', description: 'Hospital appointment',
      absence_start: new Date(t.clock.nowMs() - 3_600_000), absence_end: new Date(t.clock.nowMs() + 3_600_000),
    }).execute();
    expect(stateOf(await registerOf(event), covered)).toMatchObject({ state: 'AbsenceCovering', absenceType: 'Authorised' });
  });

  it('refuses a lecturer the register of a class they do not teach (403), and an unknown class is 404', async () => {
    const other = await insertEvent(t.db, untaught, -5, { now: t.clock.now() });
    const response = await getRegister(other);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: expect.any(String), errors: {} });
    expect(response.body).not.toContain('"students"');
    expect((await getRegister(2_000_000_000)).statusCode).toBe(404);
  });

  it('refuses closing or marking on another lecturer\'s class, changing nothing', async () => {
    const other = await insertEvent(t.db, untaught, -30, { now: t.clock.now() });
    expect((await closeNow(other)).statusCode).toBe(403);
    expect((await markPresent(other, studentId)).statusCode).toBe(403);
    const row = await t.db.selectFrom('timetable_events').select('register_closed_at').where('id', '=', other).executeTakeFirstOrThrow();
    expect(row.register_closed_at).toBeNull();
    expect(await recordsOf(t.db, other)).toEqual([]);
  });
});

describe('POST /api/staff/register/:eventRowId/close', () => {
  it('writes the records at once, as the job does, and audits it; a second close changes nothing', async () => {
    const event = await insertEvent(t.db, taught, -3, { now: t.clock.now() });
    const absentee = await insertStudent(t.db, 'register.absentee', [taught], t.clock.now());
    expect((await register(t.app, student, event)).statusCode).toBe(204);

    const response = await closeNow(event);
    expect(response.statusCode, response.body).toBe(200);
    const closed = response.json<ClassRegister>();
    expect(closed.closedAt).not.toBeNull();
    expect(stateOf(closed, studentId)?.result).toBe('Attended');
    expect(stateOf(closed, absentee)?.result).toBe('Absent');
    const records = await recordsOf(t.db, event);
    expect(records.find((r) => r.student_user_id === absentee)?.analysis_result).toBe('Absent');
    expect(records.length).toBe(closed.students.length);
    const audit = await auditOf(t.db, 'register.close', event);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.user_id).toBe(lecturerId);

    expect((await closeNow(event)).statusCode).toBe(200);
    expect(await auditOf(t.db, 'register.close', event)).toHaveLength(1);
  });

  it('refuses to close the register of a class that has not started, writing nothing', async () => {
    const event = await insertEvent(t.db, taught, 30, { now: t.clock.now() });
    const response = await closeNow(event);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'A register can be closed only once the class has started.', errors: { registrationWindow: expect.any(Array) } });
    expect(await recordsOf(t.db, event)).toEqual([]);
    expect((await registerOf(event)).closedAt).toBeNull();
  });
});

describe('PUT /api/staff/register/:eventRowId/students/:studentUserId', () => {
  it('marks a student present while the register is open: audited, and the record is Attended', async () => {
    const event = await insertEvent(t.db, taught, -5, { now: t.clock.now() });
    const response = await markPresent(event, studentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(stateOf(response.json<ClassRegister>(), studentId)).toMatchObject({ state: 'MarkedPresent', result: 'Attended' });
    const audit = await auditOf(t.db, 'register.override', event);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.user_id).toBe(lecturerId);
    // Closing keeps it.
    await closeNow(event);
    expect((await recordsOf(t.db, event)).find((r) => r.student_user_id === studentId)?.analysis_result).toBe('Attended');
  });

  it('turns an Absent record of a closed class into Attended up to 7 days after the class', async () => {
    const event = await insertEvent(t.db, taught, -(6 * DAY), { now: t.clock.now() });
    await closeNow(event);
    expect((await recordsOf(t.db, event)).find((r) => r.student_user_id === studentId)?.analysis_result).toBe('Absent');
    expect((await markPresent(event, studentId, lecturer, 'Registered on paper')).statusCode).toBe(200);
    expect((await recordsOf(t.db, event)).find((r) => r.student_user_id === studentId)?.analysis_result).toBe('Attended');
    const [audit] = await auditOf(t.db, 'register.override', event);
    expect(audit?.detail).toMatchObject({ before: { record: 'Absent' }, after: { record: 'Attended' } });
  });

  it('refuses after 7 days with the error shape, changing nothing', async () => {
    // Ends (60 minutes after its start) a little more than 7 days ago.
    const event = await insertEvent(t.db, taught, -(7 * DAY + 70), { now: t.clock.now() });
    await closeNow(event);
    const response = await markPresent(event, studentId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'A student can be marked present only until 7 days after the class.',
      errors: { attended: ['A student can be marked present only until 7 days after the class.'] },
      code: 'validation',
    });
    expect((await recordsOf(t.db, event)).find((r) => r.student_user_id === studentId)?.analysis_result).toBe('Absent');
    expect(await auditOf(t.db, 'register.override', event)).toEqual([]);
  });

  it('answers 404 for a student who is not on the class, and 400 for a body other than { attended: true }', async () => {
    const event = await insertEvent(t.db, taught, -5, { now: t.clock.now() });
    const outsider = await insertStudent(t.db, 'register.outsider', [], t.clock.now());
    expect((await markPresent(event, outsider)).statusCode).toBe(404);
    const wrong = await t.call(markPresentRoute, { params: { eventRowId: event, studentUserId: studentId }, body: { attended: false }, as: lecturer });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('cancelling a class whose register has closed', () => {
  it('turns its records to Cancelled, registered students\' included', async () => {
    const event = await insertEvent(t.db, taught, -40, { now: t.clock.now() });
    expect((await markPresent(event, studentId)).statusCode).toBe(200);
    await closeNow(event);
    expect((await recordsOf(t.db, event)).some((r) => r.analysis_result !== 'Cancelled')).toBe(true);
    const response = await t.call(cancelClassRoute, { params: { rowId: event }, as: lecturer });
    expect(response.statusCode, response.body).toBe(200);
    const records = await recordsOf(t.db, event);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.analysis_result === 'Cancelled')).toBe(true);
    expect(stateOf(await registerOf(event), studentId)?.result).toBe('Cancelled');
  });
});
