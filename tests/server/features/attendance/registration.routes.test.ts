import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceAnalysisRoute, networkStatusRoute } from '../../../../src/shared/contract/attendance.js';
import type { AttendanceAnalysis } from '../../../../src/shared/contract/attendance.js';
import { academicYearOf, addMinutes } from '../../../../src/server/calendar/academicCalendar.js';
import { signInDirectly } from '../../../helpers/directSession.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import {
  appOnSameDatabase, insertEvent, insertRecord, moduleId, refusalsOf, register, registrationsOf, userId,
} from './support.js';

const EDUROAM = 'You do not appear to be connected to the eduroam network.';

const t = useTestApp();
let caller: Caller;
let student: number;
/** CS2041 is one of `student`'s modules this year; another module is not. */
let ownModule: number;
let otherModule: number;

beforeAll(async () => {
  // Also used on a server with demo mode off, where a demo session would be refused.
  caller = await signInDirectly(t.app, t.db, 'student', t.clock);
  student = await userId(t.db, 'student');
  ownModule = await moduleId(t.db, 'CS2041');
  const enrolled = t.db.selectFrom('enrolments').select('module_id')
    .where('student_user_id', '=', student).where('academic_year', '=', academicYearOf(t.clock.now()).label);
  otherModule = (await t.db.selectFrom('modules').select('id').where('id', 'not in', enrolled).executeTakeFirstOrThrow()).id;
});

async function recordOf(event: number) {
  return t.db.selectFrom('attendance_records').select(['analysis_result', 'academic_year'])
    .where('student_user_id', '=', student).where('event_id', '=', event).executeTakeFirst();
}

/** A class of `module` starting `minutesFromNow` from the app's now (negative: in the past). */
const eventIn = (module: number, minutesFromNow: number, flags: { isMonitored?: boolean; isCancelled?: boolean } = {}) =>
  insertEvent(t.db, module, minutesFromNow, { ...flags, now: t.clock.now() });

const lastRefusal = async () => (await refusalsOf(t.db, student)).at(-1);

/** Registers, expects a 400 with one error under `field`, and the refusal stored with its reason. */
async function expectRefused(event: number, field: string, reason: string, remoteAddress = '127.0.0.1', app: FastifyInstance = t.app) {
  const before = (await refusalsOf(t.db, student)).length;
  const response = await register(app, caller, event, remoteAddress);
  expect(response.statusCode).toBe(400);
  const body = response.json<{ message: string; errors: Record<string, string[]> }>();
  expect(Object.keys(body.errors)).toEqual([field]);
  expect(body.errors[field]).toEqual([body.message]);
  const refusals = await refusalsOf(t.db, student);
  expect(refusals).toHaveLength(before + 1);
  expect(refusals.at(-1)).toMatchObject({ reason, client_ip: remoteAddress });
  return body;
}

describe('PUT /api/attendance/register', () => {
  it('registers `student` from loopback in demo mode at the seeded class that started minutes ago', async () => {
    const now = t.clock.now();
    const open = await t.db.selectFrom('timetable_events as e')
      .innerJoin('enrolments as en', (j) => j.onRef('en.module_id', '=', 'e.module_id').on('en.academic_year', '=', academicYearOf(now).label))
      .select(['e.id', 'e.starts_at'])
      .where('en.student_user_id', '=', student).where('e.is_monitored', '=', true).where('e.is_cancelled', '=', false)
      .where('e.starts_at', '<=', now).where('e.starts_at', '>', addMinutes(now, -t.config.attendanceCloseMinutes))
      .orderBy('e.starts_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(await recordOf(open.id)).toBeUndefined();

    const response = await register(t.app, caller, open.id);
    expect(response.statusCode).toBe(204);
    expect(await registrationsOf(t.db, student, open.id)).toEqual([{ id: expect.any(Number) as number, client_ip: '127.0.0.1' }]);
    expect(await recordOf(open.id)).toEqual({ analysis_result: 'Attended', academic_year: academicYearOf(now).label });
    const analysis = await t.call(attendanceAnalysisRoute, { as: caller });
    const listed = analysis.json<AttendanceAnalysis>().attendanceCurrentAcademicYear.at(-1);
    expect(listed).toMatchObject({ moduleCode: 'CS2041', analysisResult: 'Attended' });

    // A repeat is refused, stored, and writes no second row.
    const repeat = await expectRefused(open.id, 'timetableEntryRowId', 'AlreadyRegistered');
    expect(repeat.message).toBe('You have already registered your attendance at this class.');
    expect(await registrationsOf(t.db, student, open.id)).toHaveLength(1);
  });

  it('turns an existing record of the class into Attended', async () => {
    const event = await eventIn(ownModule, -3);
    await insertRecord(t.db, student, event, 'AbsentAuthorised');
    expect((await register(t.app, caller, event)).statusCode).toBe(204);
    expect((await recordOf(event))?.analysis_result).toBe('Attended');
  });

  it('is open from 10 minutes before the start until 20 minutes after it', async () => {
    for (const minutes of [9, -19]) {
      expect((await register(t.app, caller, await eventIn(ownModule, minutes))).statusCode).toBe(204);
    }
    const early = await eventIn(ownModule, 11);
    expect((await expectRefused(early, 'registrationWindow', 'WindowNotOpen')).message).toMatch(/^Registration for this class opens at \d\d:\d\d\.$/);
    const late = await eventIn(ownModule, -21);
    expect((await expectRefused(late, 'registrationWindow', 'WindowClosed')).message).toMatch(/^Registration for this class closed at \d\d:\d\d\.$/);
    for (const event of [early, late]) {
      expect(await registrationsOf(t.db, student, event)).toEqual([]);
      expect(await recordOf(event)).toBeUndefined();
    }
  });

  it('closes when ATTENDANCE_CLOSE_MINUTES says', async () => {
    const app = await appOnSameDatabase(t, { ATTENDANCE_CLOSE_MINUTES: '45' });
    try {
      expect((await register(app, caller, await eventIn(ownModule, -30))).statusCode).toBe(204);
      await expectRefused(await eventIn(ownModule, -46), 'registrationWindow', 'WindowClosed', '127.0.0.1', app);
    } finally {
      await app.close();
    }
  });

  it('refuses a class that is not monitored, or cancelled', async () => {
    const unmonitored = await eventIn(ownModule, -5, { isMonitored: false });
    expect((await expectRefused(unmonitored, 'timetableEntryRowId', 'NotMonitored')).message).toBe('Attendance is not registered at this class.');
    const cancelled = await eventIn(ownModule, -5, { isCancelled: true });
    expect((await expectRefused(cancelled, 'timetableEntryRowId', 'Cancelled')).message).toBe('This class has been cancelled.');
    expect(await registrationsOf(t.db, student, unmonitored)).toEqual([]);
  });

  it("refuses another student's class, and a class that does not exist", async () => {
    const foreign = await eventIn(otherModule, -5);
    expect((await expectRefused(foreign, 'timetableEntryRowId', 'NotYourEvent')).message).toBe('This class is not on your timetable.');
    expect((await lastRefusal())?.event_id).toBe(foreign);
    expect(await registrationsOf(t.db, student, foreign)).toEqual([]);
    await expectRefused(2_000_000_000, 'timetableEntryRowId', 'NotYourEvent');
    expect((await lastRefusal())?.event_id).toBeNull();
  });

  it('refuses off the campus network with the eduroam message (demo off, loopback not a campus network)', async () => {
    const app = await appOnSameDatabase(t, { DEMO: '0', CAMPUS_NETWORKS: '192.0.2.0/24, 2001:db8:abcd::/48' });
    try {
      const event = await eventIn(ownModule, -5);
      const body = await expectRefused(event, 'NetworkConnection', 'NetworkConnection', '127.0.0.1', app);
      expect(body).toEqual({ message: EDUROAM, errors: { NetworkConnection: [EDUROAM] }, code: 'validation' });
      await expectRefused(event, 'NetworkConnection', 'NetworkConnection', '198.51.100.20', app);
      expect(await registrationsOf(t.db, student, event)).toEqual([]);
      expect(await recordOf(event)).toBeUndefined();
      // From the campus network it goes through.
      expect((await register(app, caller, event, '2001:db8:abcd::42')).statusCode).toBe(204);
      expect(await registrationsOf(t.db, student, event)).toEqual([{ id: expect.any(Number) as number, client_ip: '2001:db8:abcd::42' }]);
    } finally {
      await app.close();
    }
  });

  it('writes one registration when the same one arrives several times at once', async () => {
    const event = await eventIn(ownModule, -2);
    const before = (await refusalsOf(t.db, student)).length;
    const responses = await Promise.all(Array.from({ length: 6 }, () => register(t.app, caller, event)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([204, 400, 400, 400, 400, 400]);
    for (const r of responses.filter((x) => x.statusCode === 400)) expect(r.json<{ errors: object }>().errors).toHaveProperty('timetableEntryRowId');
    expect(await registrationsOf(t.db, student, event)).toHaveLength(1);
    const refusals = (await refusalsOf(t.db, student)).slice(before);
    expect(refusals.map((r) => r.reason)).toEqual(Array.from({ length: 5 }, () => 'AlreadyRegistered'));
  });

  it('keeps every refusal, with its reason and address, as evidence', async () => {
    const reasons = (await refusalsOf(t.db, student)).map((r) => r.reason);
    for (const reason of ['AlreadyRegistered', 'WindowNotOpen', 'WindowClosed', 'NotMonitored', 'Cancelled', 'NotYourEvent', 'NetworkConnection']) {
      expect(reasons).toContain(reason);
    }
  });
});

describe('the attendance routes for a lecturer', () => {
  it('answer 403 and store nothing', async () => {
    const lecturer = await t.signIn('lecturer');
    const event = await eventIn(ownModule, -5);
    expect((await t.call(attendanceAnalysisRoute, { as: lecturer })).statusCode).toBe(403);
    expect((await t.call(networkStatusRoute, { query: { 'cache-buster': 1 }, as: lecturer })).statusCode).toBe(403);
    expect((await register(t.app, lecturer, event)).statusCode).toBe(403);
    const lecturerId = await userId(t.db, 'lecturer');
    expect(await refusalsOf(t.db, lecturerId)).toEqual([]);
    expect(await registrationsOf(t.db, lecturerId, event)).toEqual([]);
  });
});
