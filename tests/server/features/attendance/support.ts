import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { registerAttendanceRoute } from '../../../../src/shared/contract/attendance.js';
import { callRoute } from '../../../helpers/routes.js';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/config.js';
import type { Db } from '../../../../src/server/db/database.js';
import { academicYearLabelOf, addMinutes } from '../../../../src/server/calendar/academicCalendar.js';
import type { AttendanceResult } from '../../../../src/server/db/schema.domain.js';
import type { Caller, TestApp } from '../../../helpers/testApp.js';
import { TEST_CLOCK_START } from '../../../helpers/testClock.js';

/**
 * A second server on the same database with other settings (say DEMO=0), reading the time from the
 * first app's clock. Sessions and secrets live in the database, so a caller signed in on the first
 * app is signed in here too; with DEMO=0 only one signed in without the demo endpoint
 * (tests/helpers/directSession.ts).
 */
export async function appOnSameDatabase(t: Pick<TestApp, 'db' | 'clock'>, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ DEMO: '1', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, db: t.db, clock: t.clock });
  await app.ready();
  return app;
}

export async function userId(db: Db, userName: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

export async function moduleId(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('modules').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/**
 * The default "now" of the helpers below: where every test app's clock starts. Pass the app's own
 * time instead (`t.clock.now()`), which has moved on from there.
 */
const clockStart = (): Date => new Date(TEST_CLOCK_START);

/**
 * A class of a module starting `minutesFromNow` from `flags.now` (negative: in the past); `now` is
 * the app's time (`t.clock.now()`), TEST_CLOCK_START if not given.
 */
export async function insertEvent(
  db: Db, module: number, minutesFromNow: number,
  flags: { isMonitored?: boolean; isCancelled?: boolean; now?: Date } = {},
): Promise<number> {
  const row = await db
    .insertInto('timetable_events')
    .values({
      module_id: module, event_type: 'Seminar', room_id: null, starts_at: addMinutes(flags.now ?? clockStart(), minutesFromNow), duration_minutes: 60,
      is_monitored: flags.isMonitored ?? true, is_cancelled: flags.isCancelled ?? false, staff_names: 'Dr Test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A student (role Student) enrolled on `modules` in the academic year of `now`: the app's time
 * (`t.clock.now()`), TEST_CLOCK_START if not given.
 */
export async function insertStudent(db: Db, userName: string, modules: readonly number[], now: Date = clockStart()): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ user_name: userName, display_name: `Display ${userName}`, first_name: `First ${userName}`, email: `${userName}@example.ac.uk`, student_id: `S-${userName}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: id, role: 'Student' }).execute();
  const year = academicYearLabelOf(now);
  if (modules.length > 0) {
    await db.insertInto('enrolments').values(modules.map((module_id) => ({ student_user_id: id, module_id, academic_year: year }))).execute();
  }
  return id;
}

export async function insertRecord(db: Db, student: number, event: number, result: AttendanceResult): Promise<void> {
  const { starts_at } = await db.selectFrom('timetable_events').select('starts_at').where('id', '=', event).executeTakeFirstOrThrow();
  await db
    .insertInto('attendance_records')
    .values({ student_user_id: student, event_id: event, analysis_result: result, academic_year: academicYearLabelOf(starts_at) })
    .execute();
}

/** PUT /api/attendance/register as a caller, from `remoteAddress` (default loopback). */
export function register(app: FastifyInstance, caller: Caller, rowId: number, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return callRoute(app, registerAttendanceRoute, { body: { timetableEntryRowId: rowId, isAttendanceMonitored: true }, as: caller, remoteAddress });
}

export async function refusalsOf(db: Db, student: number) {
  return db.selectFrom('attendance_registration_refusals').select(['event_id', 'reason', 'client_ip'])
    .where('student_user_id', '=', student).orderBy('id').execute();
}

export async function registrationsOf(db: Db, student: number, event: number) {
  return db.selectFrom('attendance_registrations').select(['id', 'client_ip'])
    .where('student_user_id', '=', student).where('event_id', '=', event).execute();
}
