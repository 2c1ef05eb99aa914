import type { AbsenceDateLimits } from '../../../shared/rules/absences/index.js';
import { academicYearOf, londonDate, londonInstant } from '../../calendar/academicCalendar.js';
import { addLocalDays } from '../../../shared/rules/absences/dates.js';
import { londonIso } from '../timetable/londonTime.js';

/**
 * The configuration's dateLimits, as London midnights:
 * - minimum: the later of the current academic year's first day and today − 30 days, so a recent
 *   absence can still be reported, but not one from long ago or from last year;
 * - maximum: the last day of the current academic year (the day before the next one starts).
 * The rules compare London dates only (see validateAbsence).
 */
/** How far back an absence may be reported. */
const REPORT_BACK_DAYS = 30;

export function absenceDateLimits(now: Date): AbsenceDateLimits {
  const year = academicYearOf(now);
  const recent = addLocalDays(londonDate(now), -REPORT_BACK_DAYS);
  const minimum = recent > year.start ? recent : year.start;
  const maximum = addLocalDays(year.end, -1);
  return { minimum: londonIso(londonInstant(minimum, '00:00')), maximum: londonIso(londonInstant(maximum, '00:00')) };
}
