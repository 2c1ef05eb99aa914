import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { addLocalDays } from '../../../shared/rules/absences/dates.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The demo university's calendar, in Europe/London time.
 *
 * The academic year starts on the last Monday of September (week 1) and runs until the day
 * before the next one. Weeks are counted from that Monday:
 *   weeks  1–12  autumn teaching
 *   weeks 13–15  Christmas break
 *   weeks 16–27  spring teaching
 *   weeks 28–30  Easter break (a fixed slot; the real Easter moves, the demo does not)
 *   weeks 31–32  summer term: revision sessions
 *   weeks 33–36  summer term: exams (not timetabled here)
 *   week 37 on   summer vacation
 * A label such as '2025/26' names the year.
 */
export const TIMEZONE = 'Europe/London';

/** A calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;

export interface AcademicYear {
  /** The Monday of week 1. */
  readonly start: LocalDate;
  /** The first day of the next academic year (exclusive end). */
  readonly end: LocalDate;
  readonly label: string;
}

export type Term = 'autumn' | 'spring' | 'summer';

export interface TeachingWeek {
  readonly week: number;
  readonly monday: LocalDate;
  readonly term: Term;
  /** Revision weeks have no regular classes, only revision sessions. */
  readonly isRevision: boolean;
}

const TEACHING_WEEKS: readonly { from: number; to: number; term: Term; isRevision: boolean }[] = [
  { from: 1, to: 12, term: 'autumn', isRevision: false },
  { from: 16, to: 27, term: 'spring', isRevision: false },
  { from: 31, to: 32, term: 'summer', isRevision: true },
];

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: LocalDate): number {
  const day = dayjs.utc(date).day();
  return day === 0 ? 7 : day;
}

/** The calendar date in London of an instant. */
export function londonDate(instant: Date): LocalDate {
  return dayjs(instant).tz(TIMEZONE).format('YYYY-MM-DD');
}

/** The instant of a London wall-clock time ('HH:mm') on a date, daylight saving included. */
export function londonInstant(date: LocalDate, time: string): Date {
  return dayjs.tz(`${date} ${time}`, TIMEZONE).toDate();
}

export function lastMondayOfSeptember(year: number): LocalDate {
  const last = `${year}-09-30`;
  return addLocalDays(last, -(isoWeekday(last) - 1));
}

function yearStartingIn(year: number): AcademicYear {
  const start = lastMondayOfSeptember(year);
  const label = `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
  return { start, end: lastMondayOfSeptember(year + 1), label };
}

/** The academic year that contains the London date of `today`. */
export function academicYearOf(today: Date): AcademicYear {
  const date = londonDate(today);
  const year = Number(date.slice(0, 4));
  return date >= lastMondayOfSeptember(year) ? yearStartingIn(year) : yearStartingIn(year - 1);
}

/** The academic year `yearsBack` years before the given one. */
export function earlierAcademicYear(year: AcademicYear, yearsBack: number): AcademicYear {
  return yearStartingIn(Number(year.start.slice(0, 4)) - yearsBack);
}

/** The academic year label of an instant. */
export function academicYearLabelOf(instant: Date): string {
  return academicYearOf(instant).label;
}

/** The teaching and revision weeks of a year, in order. */
export function teachingWeeks(year: AcademicYear): TeachingWeek[] {
  const weeks: TeachingWeek[] = [];
  for (const span of TEACHING_WEEKS) {
    for (let week = span.from; week <= span.to; week += 1) {
      weeks.push({ week, monday: addLocalDays(year.start, (week - 1) * 7), term: span.term, isRevision: span.isRevision });
    }
  }
  return weeks;
}

/** Rounds an instant down (or up) to a whole number of minutes. */
export function roundToMinutes(instant: Date, minutes: number, direction: 'down' | 'up'): Date {
  const step = minutes * 60_000;
  const round = direction === 'down' ? Math.floor : Math.ceil;
  return new Date(round(instant.getTime() / step) * step);
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}
