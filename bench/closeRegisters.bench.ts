import { sql } from 'kysely';
import { academicYearLabelOf, addMinutes, londonInstant, londonDate } from '../src/server/calendar/academicCalendar.js';
import type { Db } from '../src/server/db/database.js';
import { closeDueRegisters } from '../src/server/features/attendance/closeRegisters.service.js';

/**
 * Closing one day's registers at a realistic university: 20,000 students, 1,500 classes that day
 * with 30 students each (45,000 records to write). 80% of classes are monitored, 2% cancelled;
 * 70% of the seats at monitored classes registered (their Attended records exist already), and
 * 1,000 students have an approved absence over the day (half authorised, half informed).
 * Each run reopens the day (register_closed_at null, the closing's records deleted) and times one
 * `closeDueRegisters` call that closes all 1,500 classes.
 */
export const STUDENTS = 20_000;
export const CLASSES = 1_500;
export const CLASS_SIZE = 30;

export interface BenchResult {
  readonly name: string;
  readonly runsMs: readonly number[];
  readonly medianMs: number;
  readonly detail: string;
}

async function buildUniversity(db: Db, day: string): Promise<Date> {
  const first = londonInstant(day, '09:00');
  const year = academicYearLabelOf(first);
  await sql`insert into users (user_name, display_name, first_name, email, student_id)
    select 'bench' || i, 'Student ' || i, 'Student', 'bench' || i || '@example.ac.uk', lpad(i::text, 8, '0')
    from generate_series(1, ${STUDENTS}) i`.execute(db);
  await sql`insert into modules (code, name) select 'BEN' || i, 'Bench module ' || i from generate_series(1, ${CLASSES}) i`.execute(db);
  // One class per module, spread from 09:00 over nine hours; every 50th cancelled, every 5th unmonitored.
  await sql`insert into timetable_events (module_id, event_type, starts_at, duration_minutes, is_monitored, is_cancelled)
    select m.id, 'Lecture', ${first}::timestamptz + ((m.id % 18) * interval '30 minutes'), 60,
      m.id % 5 <> 0, m.id % 50 = 0
    from modules m where m.code like 'BEN%'`.execute(db);
  // 30 students a class: module i takes students i*30 … i*30+29 (wrapping round the 20,000).
  await sql`insert into enrolments (student_user_id, module_id, academic_year)
    select u.id, m.id, ${year}
    from modules m
    cross join generate_series(0, ${CLASS_SIZE - 1}) k
    join users u on u.user_name = 'bench' || (((m.id * ${CLASS_SIZE} + k) % ${STUDENTS}) + 1)
    where m.code like 'BEN%'
    on conflict do nothing`.execute(db);
  await sql`insert into attendance_registrations (student_user_id, event_id, registered_at)
    select n.student_user_id, e.id, e.starts_at
    from timetable_events e join enrolments n on n.module_id = e.module_id
    where e.is_monitored and not e.is_cancelled and (n.student_user_id * 7 + e.id) % 10 < 7`.execute(db);
  await sql`insert into attendance_records (student_user_id, event_id, analysis_result, academic_year)
    select g.student_user_id, g.event_id, 'Attended', ${year} from attendance_registrations g`.execute(db);
  const category = async (type: string) =>
    (await sql<{ id: number }>`insert into absence_categories (name, description, absence_type) values (${`Bench ${type}`}, 'Bench', ${type}) returning id`.execute(db)).rows[0]?.id;
  const authorised = await category('Authorised');
  const informed = await category('Informed');
  await sql`insert into absence_requests (student_user_id, category_id, absence_start, absence_end, status)
    select u.id, case when u.id % 2 = 0 then ${authorised}::int else ${informed}::int end,
      ${addMinutes(first, -60)}::timestamptz, ${addMinutes(first, 12 * 60)}::timestamptz, 'Approved'
    from users u where u.user_name like 'bench%' and u.id % 20 = 0`.execute(db);
  await sql`analyze`.execute(db);
  return first;
}

async function reopenDay(db: Db): Promise<void> {
  await sql`update timetable_events set register_closed_at = null`.execute(db);
  await sql`delete from attendance_records r where not exists (
    select 1 from attendance_registrations g where g.student_user_id = r.student_user_id and g.event_id = r.event_id)`.execute(db);
  await sql`vacuum analyze attendance_records`.execute(db);
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Builds the data set in `db` (an empty, migrated database) and times 5 closings of the day. */
export async function benchCloseRegisters(db: Db, runs = 5): Promise<BenchResult> {
  const today = londonDate(new Date());
  const first = await buildUniversity(db, today);
  const closeAt = addMinutes(first, 12 * 60);
  const runsMs: number[] = [];
  let detail = '';
  for (let run = 0; run < runs; run += 1) {
    await reopenDay(db);
    const started = performance.now();
    const closed = await closeDueRegisters(db, { closeMinutes: 20, now: closeAt });
    runsMs.push(performance.now() - started);
    if (closed.classes !== CLASSES) throw new Error(`closed ${closed.classes} classes, expected ${CLASSES}`);
    detail = `${closed.classes} classes, ${closed.records} records written, ${closed.missedStudentIds.length} students with a missed record`;
  }
  return { name: `close one day's registers (${STUDENTS.toLocaleString('en-GB')} students, ${CLASSES.toLocaleString('en-GB')} classes × ${CLASS_SIZE})`, runsMs, medianMs: median(runsMs), detail };
}
