import { consecutiveMissedThresholds } from '../../../shared/constants.js';
import type { Db } from '../../db/database.js';
import { academicYearLabelOf } from '../../calendar/academicCalendar.js';
import { currentMissedRun } from '../attendance/attendance.rules.js';
import type { Notifier } from './notify.service.js';

/** 5: the first of SPEC §9's consecutive missed thresholds. */
export const MISSED_ALERT_THRESHOLD = consecutiveMissedThresholds[0];

export interface AttendanceAlertDeps {
  readonly db: Db;
  readonly notifier: Notifier;
}

/**
 * The dedupe key of a run's alert at a threshold. The 5 key is the one used before 10 and 20 were
 * added, so a run already notified at 5 is not notified at 5 again.
 */
export function missedRunKey(year: string, afterEventId: number | null, threshold: number): string {
  const base = `missed-run:${year}:${afterEventId ?? 'year-start'}`;
  return threshold === MISSED_ALERT_THRESHOLD ? base : `${base}:${threshold}`;
}

/**
 * Notifies a student (type Attendance) whose current run of missed classes this academic year
 * has reached 5, 10 or 20 (SPEC §9's thresholds). Each run is notified once per threshold,
 * however often this runs: the close-registers job calls it after a student's records change.
 * Only the highest threshold reached is notified, so a run that jumps from 4 to 12 (a catch-up
 * after downtime) gets the 10 alert, not a stale 5 as well. Returns whether a notification was
 * sent now.
 */
export async function checkConsecutiveMissed(deps: AttendanceAlertDeps, studentId: number, now: Date): Promise<boolean> {
  const year = academicYearLabelOf(now);
  const records = await deps.db
    .selectFrom('attendance_records as r')
    .innerJoin('timetable_events as e', 'e.id', 'r.event_id')
    .select(['r.event_id as eventId', 'r.analysis_result as result', 'e.starts_at as eventStart'])
    .where('r.student_user_id', '=', studentId)
    .where('r.academic_year', '=', year)
    .where('e.starts_at', '<=', now)
    .orderBy('e.starts_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  // The attendance analysis's rule. The attended class that ended the run names it: that changes
  // only when the student attends again, so each run is notified once even if absences inside it
  // are later authorised.
  const run = currentMissedRun(records);
  const threshold = [...consecutiveMissedThresholds].reverse().find((t) => run.length >= t);
  if (threshold === undefined) return false;
  const { notified } = await deps.notifier.notify(
    { userIds: [studentId] },
    'Attendance',
    {
      title: `You have missed ${run.length} classes in a row`,
      body: 'We have not seen you at your last few monitored sessions. If something is getting in the way, your personal tutor and Student Support are here to help.',
      url: '/attendance',
    },
    { dedupeKey: missedRunKey(year, run.endedBy?.eventId ?? null, threshold) },
  );
  return notified > 0;
}
