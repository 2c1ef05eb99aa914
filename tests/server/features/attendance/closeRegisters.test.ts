import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMinutes, academicYearLabelOf } from '../../../../src/server/calendar/academicCalendar.js';
import { createDb, type Db } from '../../../../src/server/db/database.js';
import type { AbsenceStatus } from '../../../../src/server/db/schema.domain.js';
import {
  alertMissedRuns, closeDueRegisters, closeRegister, rederiveRecordsForAbsence,
} from '../../../../src/server/features/attendance/closeRegisters.service.js';
import { closeRegistersJob } from '../../../../src/server/jobs/closeRegisters.job.js';
import type { JobContext } from '../../../../src/server/jobs/jobDefinition.js';
import { createTestApp, signIn, type TestApp } from '../../../helpers/testApp.js';

const CLOSE = 20;
let t: TestApp;
/** The app's clock when the test started; the tests move "now" from here. */
let now: Date;
let moduleId: number;
/** Five students of the module, in the order absent, registered, authorised, informed, pending. */
let students: number[];

async function categoryOf(type: 'Authorised' | 'Informed'): Promise<number> {
  return (await t.db.selectFrom('absence_categories').select('id').where('absence_type', '=', type).orderBy('id').executeTakeFirstOrThrow()).id;
}

async function addEvent(startsAt: Date, flags: { isMonitored?: boolean; isCancelled?: boolean } = {}): Promise<number> {
  const row = await t.db
    .insertInto('timetable_events')
    .values({
      module_id: moduleId, event_type: 'Seminar', room_id: null, starts_at: startsAt, duration_minutes: 60,
      is_monitored: flags.isMonitored ?? true, is_cancelled: flags.isCancelled ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addAbsence(studentId: number, type: 'Authorised' | 'Informed', start: Date, end: Date, status: AbsenceStatus): Promise<number> {
  const row = await t.db
    .insertInto('absence_requests')
    .values({ student_user_id: studentId, category_id: await categoryOf(type), absence_start: start, absence_end: end, status, description: 'Test.' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What each of our students has at a class, in the order of `students`. */
async function resultsAt(eventId: number): Promise<(string | undefined)[]> {
  const rows = await t.db.selectFrom('attendance_records').select(['student_user_id', 'analysis_result', 'academic_year']).where('event_id', '=', eventId).execute();
  return students.map((id) => rows.find((r) => r.student_user_id === id)?.analysis_result);
}

async function recordCount(eventIds: readonly number[]): Promise<number> {
  const row = await t.db.selectFrom('attendance_records').select((eb) => eb.fn.countAll<string>().as('n')).where('event_id', 'in', eventIds).executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeEach(async () => {
  t = await createTestApp({ ATTENDANCE_CLOSE_MINUTES: String(CLOSE) });
  now = t.clock.now();
  moduleId = (await t.db.insertInto('modules').values({ code: 'TST9001', name: 'Register closing' }).returning('id').executeTakeFirstOrThrow()).id;
  // Five cohort members (not personas, who have seeded absence requests).
  const cohort = await t.db
    .selectFrom('users').select('id').where('user_name', 'like', 'cohort%').orderBy('id').limit(5).execute();
  students = cohort.map((u) => u.id);
  expect(students).toHaveLength(5);
  // The module runs this year and next, so a class two days on (a new year, maybe) still has them.
  const years = [...new Set([academicYearLabelOf(now), academicYearLabelOf(addMinutes(now, 3 * 24 * 60))])];
  await t.db.insertInto('enrolments').values(students.flatMap((id) => years.map((y) => ({ student_user_id: id, module_id: moduleId, academic_year: y })))).execute();
});

afterEach(async () => {
  await t.close();
});

describe('closing registers', () => {
  it('writes the right record for every student and kind of class, once the window has closed', async () => {
    const started = addMinutes(now, -(CLOSE + 5));
    const monitored = await addEvent(started);
    const unmonitored = await addEvent(started, { isMonitored: false });
    const cancelled = await addEvent(started, { isCancelled: true });
    const stillOpen = await addEvent(addMinutes(now, -(CLOSE - 5)));
    const [absent, registered, authorised, informed, pending] = students as [number, number, number, number, number];
    // Registered the way registration.service does: a registration and an Attended record.
    await t.db.insertInto('attendance_registrations').values({ student_user_id: registered, event_id: monitored, client_ip: null }).execute();
    await t.db.insertInto('attendance_records').values({ student_user_id: registered, event_id: monitored, analysis_result: 'Attended', academic_year: academicYearLabelOf(started) }).execute();
    await addAbsence(authorised, 'Authorised', addMinutes(started, -60), addMinutes(started, 30), 'Approved');
    await addAbsence(informed, 'Informed', addMinutes(started, 30), addMinutes(started, 600), 'Approved');
    await addAbsence(pending, 'Authorised', addMinutes(started, -60), addMinutes(started, 120), 'Pending');
    // An approved absence of the absent student that ended when the class began does not cover it.
    await addAbsence(absent, 'Authorised', addMinutes(started, -120), started, 'Approved');

    const closed = await closeDueRegisters(t.db, { closeMinutes: CLOSE, now });

    expect(await resultsAt(monitored)).toEqual(['Absent', 'Attended', 'AbsentAuthorised', 'AbsentInformed', 'Absent']);
    expect(await resultsAt(unmonitored)).toEqual(Array(5).fill('AttendedAssumed'));
    expect(await resultsAt(cancelled)).toEqual(Array(5).fill('Cancelled'));
    expect(await resultsAt(stillOpen)).toEqual(Array(5).fill(undefined));
    const year = await t.db.selectFrom('attendance_records').select('academic_year').where('event_id', '=', monitored).distinct().execute();
    expect(year).toEqual([{ academic_year: academicYearLabelOf(started) }]);
    expect(closed.missedStudentIds).toEqual(expect.arrayContaining([absent, informed, pending]));
    const stamps = await t.db.selectFrom('timetable_events').select(['id', 'register_closed_at']).where('id', 'in', [monitored, stillOpen]).orderBy('id').execute();
    expect(stamps.map((s) => s.register_closed_at !== null)).toEqual([true, false]);

    // The seed's own classes were closed already; nothing else was due.
    expect(closed.classes).toBe(3);
    expect(closed.records).toBe(5 + 5 + 4);
  });

  it('closes one class on demand, once', async () => {
    const upcoming = await addEvent(addMinutes(now, 30));
    const first = await closeRegister(t.db, upcoming, now);
    expect(first).toMatchObject({ closedNow: true, classes: 1, records: 5 });
    expect(await resultsAt(upcoming)).toEqual(Array(5).fill('Absent'));
    expect(await closeRegister(t.db, upcoming, now)).toMatchObject({ closedNow: false, classes: 0, records: 0 });
    // The job does not close it a second time either, when its time comes.
    await t.db.deleteFrom('attendance_records').where('event_id', '=', upcoming).where('student_user_id', '=', students[0] ?? 0).execute();
    await closeDueRegisters(t.db, { closeMinutes: CLOSE, now: addMinutes(now, 120) });
    expect(await recordCount([upcoming])).toBe(4);
  });

  it('catches up on everything it missed during a two-day outage, exactly once', async () => {
    const events = [await addEvent(addMinutes(now, 60)), await addEvent(addMinutes(now, 24 * 60)), await addEvent(addMinutes(now, 47 * 60))];
    expect((await closeDueRegisters(t.db, { closeMinutes: CLOSE, now })).classes).toBe(0);
    expect(await recordCount(events)).toBe(0);

    const later = addMinutes(now, 2 * 24 * 60);
    // Every open class due by then (the seeded timetable's of those two days too) gets closed.
    const due = await t.db.selectFrom('timetable_events').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('register_closed_at', 'is', null).where('starts_at', '<=', addMinutes(later, -CLOSE)).executeTakeFirstOrThrow();
    expect(Number(due.n)).toBeGreaterThan(3);
    const catchUp = await closeDueRegisters(t.db, { closeMinutes: CLOSE, now: later, batchSize: 7 });
    expect(catchUp.classes).toBe(Number(due.n));
    expect(await recordCount(events)).toBe(15);
    for (const id of events) expect(await resultsAt(id)).toEqual(Array(5).fill('Absent'));

    const again = await closeDueRegisters(t.db, { closeMinutes: CLOSE, now: addMinutes(later, 1) });
    expect(again).toEqual({ classes: 0, records: 0, missedStudentIds: [] });
    expect(await recordCount(events)).toBe(15);
  });

  it('lets two workers on separate connections run at once without closing a class twice', async () => {
    const events: number[] = [];
    for (let i = 0; i < 12; i += 1) events.push(await addEvent(addMinutes(now, -(CLOSE + 1 + i))));
    const workers: Db[] = [createDb(t.connectionString, 2), createDb(t.connectionString, 2)];
    try {
      const results = await Promise.all(workers.map((db) => closeDueRegisters(db, { closeMinutes: CLOSE, now, batchSize: 2 })));
      expect(results.reduce((sum, r) => sum + r.classes, 0)).toBe(12);
      expect(results.reduce((sum, r) => sum + r.records, 0)).toBe(60);
    } finally {
      await Promise.all(workers.map((db) => db.destroy()));
    }
    expect(await recordCount(events)).toBe(60);
  });

  it('re-derives the records an absence covers when it is approved, and again when it is withdrawn', async () => {
    const student = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'student').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('enrolments').values({ student_user_id: student, module_id: moduleId, academic_year: academicYearLabelOf(now) }).execute();
    const first = await addEvent(addMinutes(now, -(CLOSE + 180)));
    const second = await addEvent(addMinutes(now, -(CLOSE + 60)));
    const outside = await addEvent(addMinutes(now, -(CLOSE + 400)));
    const absence = await addAbsence(student, 'Authorised', addMinutes(now, -(CLOSE + 200)), addMinutes(now, -CLOSE), 'Pending');
    await closeDueRegisters(t.db, { closeMinutes: CLOSE, now });
    const resultOf = async (eventId: number) =>
      (await t.db.selectFrom('attendance_records').select('analysis_result').where('event_id', '=', eventId).where('student_user_id', '=', student).executeTakeFirstOrThrow()).analysis_result;
    expect([await resultOf(first), await resultOf(second), await resultOf(outside)]).toEqual(['Absent', 'Absent', 'Absent']);

    // Approved after the fact (as staff will): the covered classes become authorised absences.
    await t.db.updateTable('absence_requests').set({ status: 'Approved' }).where('id', '=', absence).execute();
    expect(await rederiveRecordsForAbsence(t.db, absence)).toBe(2);
    expect([await resultOf(first), await resultOf(second), await resultOf(outside)]).toEqual(['AbsentAuthorised', 'AbsentAuthorised', 'Absent']);
    expect(await rederiveRecordsForAbsence(t.db, absence)).toBe(0);

    // The student withdraws it (Approved → PendingCancellation): no longer approved, so plain absences again.
    const caller = await signIn(t.app, 'student');
    const response = await t.app.inject({ method: 'POST', url: `/api/attendance/absences/requests/${absence}/cancel`, headers: caller.headers() });
    expect(response.statusCode).toBe(200);
    expect([await resultOf(first), await resultOf(second)]).toEqual(['Absent', 'Absent']);
    const analysis = await t.app.inject({ method: 'GET', url: '/api/attendance/analysis', headers: caller.headers() });
    expect(analysis.statusCode).toBe(200);
  });

  it('alerts a student from the job once per threshold (5, then 10) of a missed run', async () => {
    const [student] = students as [number];
    // An attended class of ours ends whatever run the seeded records had.
    const attended = await addEvent(addMinutes(now, -(CLOSE + 10)));
    await t.db.insertInto('attendance_records').values({ student_user_id: student, event_id: attended, analysis_result: 'Attended', academic_year: academicYearLabelOf(now) }).execute();
    await t.db.updateTable('timetable_events').set({ register_closed_at: now }).where('id', '=', attended).execute();
    // The job reads only what a JobContext offers; sessions, xsrf and oidc are not used by it.
    const ctx = { config: t.config, db: t.db, notifier: t.app.notifier, now: () => now } as unknown as JobContext;
    const alerts = () => t.db.selectFrom('notifications').select(['title', 'dedupe_key']).where('user_id', '=', student).where('dedupe_key', 'like', 'missed-run:%').orderBy('id').execute();

    for (let i = 0; i < 5; i += 1) await addEvent(addMinutes(now, -(CLOSE + 9)));
    await closeRegistersJob.run(ctx);
    await closeRegistersJob.run(ctx);
    expect((await alerts()).map((a) => a.title)).toEqual(['You have missed 5 classes in a row']);

    for (let i = 0; i < 5; i += 1) await addEvent(addMinutes(now, -(CLOSE + 8)));
    await Promise.all([closeRegistersJob.run(ctx), closeRegistersJob.run(ctx)]);
    await closeRegistersJob.run(ctx);
    expect((await alerts()).map((a) => a.title)).toEqual(['You have missed 5 classes in a row', 'You have missed 10 classes in a row']);
    expect(await alertMissedRuns({ db: t.db, notifier: t.app.notifier }, [student], now)).toBe(0);
  });

  it('makes good the alerts of a run whose alert step failed after the registers had closed', async () => {
    const [student] = students as [number];
    const attended = await addEvent(addMinutes(now, -(CLOSE + 10)));
    await t.db.insertInto('attendance_records').values({ student_user_id: student, event_id: attended, analysis_result: 'Attended', academic_year: academicYearLabelOf(now) }).execute();
    await t.db.updateTable('timetable_events').set({ register_closed_at: now, missed_alerts_at: now }).where('id', '=', attended).execute();
    const ctx = { config: t.config, db: t.db, notifier: t.app.notifier, now: () => now } as unknown as JobContext;
    const failing = { ...ctx, notifier: { notify: () => Promise.reject(new Error('notifications are down')) } } as unknown as JobContext;
    const alerts = () => t.db.selectFrom('notifications').select('title').where('user_id', '=', student).where('dedupe_key', 'like', 'missed-run:%').execute();

    const missed = await Promise.all(Array.from({ length: 5 }, () => addEvent(addMinutes(now, -(CLOSE + 9)))));
    await expect(closeRegistersJob.run(failing)).rejects.toThrow('notifications are down');
    expect(await resultsAt(missed[4] ?? 0)).toContain('Absent'); // the close itself committed
    expect(await alerts()).toEqual([]);

    await closeRegistersJob.run(ctx);
    expect((await alerts()).map((a) => a.title)).toEqual(['You have missed 5 classes in a row']);
    const unchecked = await t.db.selectFrom('timetable_events').select('id').where('id', 'in', missed).where('missed_alerts_at', 'is', null).execute();
    expect(unchecked).toEqual([]);
  });
});
