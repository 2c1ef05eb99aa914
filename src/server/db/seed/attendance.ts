import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { AttendanceRecordsTable, AttendanceRegistrationsTable, AttendanceResult } from '../schema.domain.js';
import type { ApprovedAbsence } from './absences.js';
import { addMinutes } from './calendar.js';
import { idOf } from './people.js';
import type { Rng } from './prng.js';
import { insertInChunks } from './support.js';
import type { SeededEvent, SeededTimetable } from './timetable.js';

/**
 * Attendance records for every class that has ended, for every student of its group, and a
 * registration for each attended monitored class. Unmonitored classes count as attended
 * (assumed); cancelled ones as cancelled. A monitored class inside an approved absence is
 * missed, authorised or informed after its category; other misses are mostly plain absences.
 */

/** How likely each persona is to turn up to a monitored class; the cohort's is drawn at random. */
const PERSONA_ATTENDANCE: Readonly<Record<string, number>> = {
  student: 0.86,
  student2: 0.93,
  'student.unenrolled': 0.62,
  'student.unknown': 0.78,
};

function propensities(users: ReadonlyMap<string, number>, cohort: readonly number[], rng: Rng): Map<number, number> {
  const byUser = new Map<number, number>();
  for (const [userName, p] of Object.entries(PERSONA_ATTENDANCE)) byUser.set(idOf(users, userName), p);
  cohort.forEach((id, i) => {
    // The last cohort member is a worrying case, so that peer analysis has someone to compare with.
    byUser.set(id, i === cohort.length - 1 ? 0.35 : 0.6 + rng.next() * 0.38);
  });
  return byUser;
}

function resultFor(
  event: SeededEvent, attends: number, absences: readonly ApprovedAbsence[], hasRandomExcuses: boolean, rng: Rng,
): AttendanceResult {
  if (event.isCancelled) return 'Cancelled';
  if (!event.isMonitored) return 'AttendedAssumed';
  const end = addMinutes(event.startsAt, event.minutes);
  const covering = absences.find((a) => a.start < end && a.end > event.startsAt);
  if (covering) return covering.type === 'Authorised' ? 'AbsentAuthorised' : 'AbsentInformed';
  if (rng.chance(attends)) return 'Attended';
  if (!hasRandomExcuses) return 'Absent';
  const roll = rng.next();
  return roll < 0.1 ? 'AbsentInformed' : roll < 0.16 ? 'AbsentAuthorised' : 'Absent';
}

export async function seedAttendance(
  db: Db,
  input: {
    today: Date; rng: Rng; users: ReadonlyMap<string, number>; cohort: readonly number[];
    timetable: SeededTimetable; approved: readonly ApprovedAbsence[];
  },
): Promise<void> {
  const { today, rng, users, cohort, timetable, approved } = input;
  const attendance = propensities(users, cohort, rng);
  const personaIds = new Set(Object.keys(PERSONA_ATTENDANCE).map((name) => idOf(users, name)));

  const eventsByGroupYear = new Map<string, SeededEvent[]>();
  for (const event of timetable.events) {
    if (addMinutes(event.startsAt, event.minutes) > today) continue;
    const key = `${event.groupKey}|${event.academicYear}`;
    eventsByGroupYear.set(key, [...(eventsByGroupYear.get(key) ?? []), event]);
  }

  const records: Insertable<AttendanceRecordsTable>[] = [];
  const registrations: Insertable<AttendanceRegistrationsTable>[] = [];
  for (const enrolment of timetable.enrolments) {
    const attends = attendance.get(enrolment.userId) ?? 0.8;
    const absences = approved.filter((a) => a.userId === enrolment.userId);
    // Personas have their own absence requests; random authorised absences are for the cohort only.
    const isPersona = personaIds.has(enrolment.userId);
    for (const event of eventsByGroupYear.get(`${enrolment.groupKey}|${enrolment.academicYear}`) ?? []) {
      const result = resultFor(event, attends, absences, !isPersona, rng);
      records.push({ student_user_id: enrolment.userId, event_id: event.id, analysis_result: result, academic_year: event.academicYear });
      if (result === 'Attended') {
        registrations.push({
          student_user_id: enrolment.userId, event_id: event.id,
          registered_at: addMinutes(event.startsAt, rng.int(-5, 12)), client_ip: null,
        });
      }
    }
  }
  await insertInChunks(db, 'attendance_records', records);
  await insertInChunks(db, 'attendance_registrations', registrations);
}
