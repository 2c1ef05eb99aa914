import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { academicYearLabelOf, addMinutes } from '../../calendar/academicCalendar.js';
import { checkConsecutiveMissed, MISSED_ALERT_THRESHOLD } from '../notifications/attendanceAlerts.service.js';
import type { Notifier } from '../notifications/notify.service.js';

/**
 * Closing registers. Once a class's registration window has closed (its start plus
 * ATTENDANCE_CLOSE_MINUTES), every student enrolled on its module that academic year gets an
 * attendance record, by `resultSql` below:
 *   cancelled class → Cancelled; unmonitored → AttendedAssumed; registered → Attended;
 *   inside an Approved absence → AbsentAuthorised or AbsentInformed (by its category's type;
 *   Authorised wins when both cover it); otherwise Absent.
 * A record that is already there (a registration's Attended) is kept: the INSERT is ON CONFLICT
 * DO NOTHING on the unique (student, event) index.
 *
 * Exactly once, with any number of workers: each batch locks its classes with FOR UPDATE SKIP
 * LOCKED, writes their records and stamps `register_closed_at` in one transaction. A second
 * worker skips the locked classes, and after the commit they no longer match. Catch-up is the same
 * query: every class due and not closed, oldest first, however long the server was down.
 *
 * Set-based: per batch of classes, one SELECT, one INSERT … SELECT and one UPDATE, whatever the
 * number of students.
 */

/** The record a student gets at a closed class; `e` the event, `s` the student id column. */
function resultSql(s: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`case
    when e.is_cancelled then 'Cancelled'
    when not e.is_monitored then 'AttendedAssumed'
    when exists (
      select 1 from attendance_registrations g where g.student_user_id = ${s} and g.event_id = e.id
    ) then 'Attended'
    else coalesce((
      select case when bool_or(c.absence_type = 'Authorised') then 'AbsentAuthorised' else 'AbsentInformed' end
      from absence_requests a
      join absence_categories c on c.id = a.category_id
      where a.student_user_id = ${s} and a.status = 'Approved'
        and a.absence_start < e.starts_at + make_interval(mins => e.duration_minutes)
        and a.absence_end > e.starts_at
      having count(*) > 0
    ), 'Absent')
  end`;
}

export interface ClosedRegisters {
  /** Classes closed by this call. */
  readonly classes: number;
  /** Records written (students who already had one are not counted). */
  readonly records: number;
  /** Students given a missed record (Absent or AbsentInformed), who may have a new missed run. */
  readonly missedStudentIds: readonly number[];
}

const NOTHING: ClosedRegisters = { classes: 0, records: 0, missedStudentIds: [] };

/** Writes the records of the given (locked, not yet closed) classes and marks them closed. */
async function closeLocked(trx: Db, events: readonly { id: number; starts_at: Date }[], now: Date): Promise<ClosedRegisters> {
  if (events.length === 0) return NOTHING;
  const ids = events.map((e) => e.id);
  const labels = events.map((e) => academicYearLabelOf(e.starts_at));
  const written = await sql<{ student_user_id: number; analysis_result: string }>`
    insert into attendance_records (student_user_id, event_id, analysis_result, academic_year)
    select n.student_user_id, e.id, ${resultSql(sql.ref('n.student_user_id'))}, x.label
    from unnest(${ids}::int[], ${labels}::text[]) as x(id, label)
    join timetable_events e on e.id = x.id
    join enrolments n on n.group_id = e.group_id and n.academic_year = x.label and n.is_active
    on conflict (student_user_id, event_id) do nothing
    returning student_user_id, analysis_result`.execute(trx);
  await trx.updateTable('timetable_events').set({ register_closed_at: now }).where('id', 'in', ids).execute();
  const missed = new Set(written.rows.filter((r) => r.analysis_result === 'Absent' || r.analysis_result === 'AbsentInformed').map((r) => r.student_user_id));
  return { classes: ids.length, records: written.rows.length, missedStudentIds: [...missed] };
}

function merge(a: ClosedRegisters, b: ClosedRegisters): ClosedRegisters {
  return {
    classes: a.classes + b.classes,
    records: a.records + b.records,
    missedStudentIds: [...new Set([...a.missedStudentIds, ...b.missedStudentIds])],
  };
}

export interface CloseOptions {
  /** ATTENDANCE_CLOSE_MINUTES: a class is due once it started this long ago. */
  readonly closeMinutes: number;
  readonly now: Date;
  /** Classes per transaction. */
  readonly batchSize?: number;
}

/** Closes every class that is due and not closed yet, in batches; returns what it wrote. */
export async function closeDueRegisters(db: Db, { closeMinutes, now, batchSize = 500 }: CloseOptions): Promise<ClosedRegisters> {
  const due = addMinutes(now, -closeMinutes);
  let total = NOTHING;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const events = await trx
        .selectFrom('timetable_events')
        .select(['id', 'starts_at'])
        .where('register_closed_at', 'is', null)
        .where('starts_at', '<=', due)
        // A class an import deactivated has no register to close.
        .where('is_active', '=', true)
        .orderBy('starts_at')
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      return { found: events.length, closed: await closeLocked(trx, events, now) };
    });
    total = merge(total, batch.closed);
    if (batch.found < batchSize) return total;
  }
}

/**
 * Closes one class now, whatever the time (staff's "Close register now"). Returns false when it
 * was closed already (or is being closed by someone else this moment), true when this call closed it.
 * `onClosed` runs in the same transaction once this call has closed it (the caller's audit record).
 */
export async function closeRegister(
  db: Db, eventId: number, now: Date, onClosed?: (trx: Db, closed: ClosedRegisters) => Promise<void>,
): Promise<ClosedRegisters & { readonly closedNow: boolean }> {
  return db.transaction().execute(async (trx) => {
    const events = await trx
      .selectFrom('timetable_events')
      .select(['id', 'starts_at'])
      .where('id', '=', eventId)
      .where('register_closed_at', 'is', null)
      .forUpdate()
      .skipLocked()
      .execute();
    const closed = await closeLocked(trx, events, now);
    if (events.length > 0 && onClosed) await onClosed(trx, closed);
    return { ...closed, closedNow: events.length > 0 };
  });
}

/**
 * Makes the records of the closed classes an absence request covers match its status now: an
 * Approved request gives AbsentAuthorised / AbsentInformed, and anything else puts them back to
 * what closing would write without it (Absent, unless registered, cancelled, unmonitored or
 * covered by another approved request). Attended records are never changed. Run it in the
 * transaction that changes the request's status. Returns the number of records changed.
 */
export async function rederiveRecordsForAbsence(db: Db, absenceRowId: number): Promise<number> {
  const result = await sql`
    update attendance_records r set analysis_result = d.result
    from (
      select r2.id, ${resultSql(sql.ref('r2.student_user_id'))} as result
      from absence_requests q
      join attendance_records r2 on r2.student_user_id = q.student_user_id
      join timetable_events e on e.id = r2.event_id
      where q.id = ${absenceRowId}
        and e.register_closed_at is not null
        and e.starts_at < q.absence_end
        and e.starts_at + make_interval(mins => e.duration_minutes) > q.absence_start
        and r2.analysis_result <> 'Attended'
    ) d
    where r.id = d.id and r.analysis_result <> d.result`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export interface MissedRunDeps {
  readonly db: Db;
  readonly notifier: Notifier;
}

/**
 * Runs the missed-run alert (5, 10, 20) for the students given, after a close. A first SQL pass
 * keeps only the students with at least 5 missed records this year since their latest present
 * one (a superset of those whose run is 5 or more); `checkConsecutiveMissed` then decides exactly
 * and notifies once per threshold and run, through its dedupe key. Returns how many were notified.
 */
/**
 * Checks for missed-run alerts the students absent from every closed class not checked yet
 * (`missed_alerts_at` null), a batch at a time, then marks those classes checked. The alert step
 * runs after the close has committed, so when it fails, or the instance dies in between, the
 * classes stay unchecked and the next run makes the alerts good; alerts are deduplicated per run
 * and threshold, so checking a student twice (two instances at once) never alerts twice.
 * Returns the number of students notified.
 */
export async function alertUncheckedClosedClasses(deps: MissedRunDeps, now: Date, batchSize = 500): Promise<number> {
  let notified = 0;
  for (;;) {
    const events = await deps.db
      .selectFrom('timetable_events')
      .select('id')
      .where('register_closed_at', 'is not', null)
      .where('missed_alerts_at', 'is', null)
      .orderBy('register_closed_at')
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (events.length === 0) return notified;
    const ids = events.map((event) => event.id);
    const absent = await deps.db
      .selectFrom('attendance_records')
      .select('student_user_id')
      .distinct()
      .where('event_id', 'in', ids)
      .where('analysis_result', 'in', ['Absent', 'AbsentInformed'])
      .execute();
    notified += await alertMissedRuns(deps, absent.map((row) => row.student_user_id), now);
    await deps.db.updateTable('timetable_events').set({ missed_alerts_at: now }).where('id', 'in', ids).execute();
    if (events.length < batchSize) return notified;
  }
}

export async function alertMissedRuns(deps: MissedRunDeps, studentIds: readonly number[], now: Date): Promise<number> {
  if (studentIds.length === 0) return 0;
  const year = academicYearLabelOf(now);
  const candidates = await sql<{ student_user_id: number }>`
    with last_present as (
      select r.student_user_id, max(e.starts_at) as at
      from attendance_records r join timetable_events e on e.id = r.event_id
      where r.student_user_id = any(${[...studentIds]}::int[]) and r.academic_year = ${year}
        and e.starts_at <= ${now} and r.analysis_result in ('Attended', 'AttendedAssumed')
      group by r.student_user_id
    )
    select r.student_user_id
    from attendance_records r
    join timetable_events e on e.id = r.event_id
    left join last_present p on p.student_user_id = r.student_user_id
    where r.student_user_id = any(${[...studentIds]}::int[]) and r.academic_year = ${year}
      and e.starts_at <= ${now} and r.analysis_result in ('Absent', 'AbsentInformed')
      and (p.at is null or e.starts_at >= p.at)
    group by r.student_user_id
    having count(*) >= ${MISSED_ALERT_THRESHOLD}`.execute(deps.db);
  let notified = 0;
  for (const { student_user_id: studentId } of candidates.rows) {
    if (await checkConsecutiveMissed(deps, studentId, now)) notified += 1;
  }
  return notified;
}
