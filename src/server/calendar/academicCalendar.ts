import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { addLocalDays } from '../../shared/rules/absences/dates.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The university's academic calendar: when its year starts, which weeks are taught, and the time
 * zone its wall clock runs on. The rules come from the environment (ACADEMIC_YEAR_START,
 * TEACHING_WEEKS, TIME_ZONE; see README) and are applied once at start-up by `configureCalendar`;
 * until then, and in tests, the defaults below hold.
 *
 * Week 1 starts on the Monday on or before `yearStart` (MM-DD; default 09-30, i.e. the last Monday
 * of September) and the year runs until the day before the next such Monday. The default teaching
 * weeks are:
 *   weeks  1–12  autumn teaching
 *   weeks 16–27  spring teaching
 *   weeks 31–32  summer term: revision sessions
 * A label such as '2025/26' names the year. The functions named `london…` work in the configured
 * zone (Europe/London by default); the names are kept from when the zone was fixed.
 */

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

export interface TeachingSpan {
  readonly from: number;
  readonly to: number;
  readonly term: Term;
  readonly isRevision: boolean;
}

export interface CalendarRules {
  /** 'MM-DD': week 1 starts on the Monday on or before this date. */
  readonly yearStart: string;
  readonly teachingWeeks: readonly TeachingSpan[];
  /** An IANA time zone, e.g. 'Europe/London'. */
  readonly timeZone: string;
}

export const DEFAULT_CALENDAR: CalendarRules = {
  yearStart: '09-30',
  teachingWeeks: [
    { from: 1, to: 12, term: 'autumn', isRevision: false },
    { from: 16, to: 27, term: 'spring', isRevision: false },
    { from: 31, to: 32, term: 'summer', isRevision: true },
  ],
  timeZone: 'Europe/London',
};

let rules: CalendarRules = DEFAULT_CALENDAR;

/** The university's time zone (live: follows `configureCalendar`). */
export let TIMEZONE = DEFAULT_CALENDAR.timeZone;

/** Applies the configured rules; the server calls it once, before it serves or runs jobs. */
export function configureCalendar(next: CalendarRules): void {
  rules = next;
  TIMEZONE = next.timeZone;
}

export function calendarRules(): CalendarRules {
  return rules;
}

// ---- parsing the environment's forms (used by config.ts) -------------------------------------------

/** 'MM-DD' of a real day (29 February is refused: not every year has it). */
export function parseYearStart(text: string): string | undefined {
  const match = /^(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const daysIn = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return month >= 1 && month <= 12 && day >= 1 && day <= (daysIn[month - 1] ?? 0) ? text : undefined;
}

const terms: readonly Term[] = ['autumn', 'spring', 'summer'];

/**
 * 'FROM-TO' spans, comma-separated, in order: the first is the autumn term, the second spring,
 * the rest summer; a span ending in `r` holds revision sessions only (e.g. '1-12,16-27,31-32r').
 * Spans must rise and not overlap, within weeks 1 to 53.
 */
export function parseTeachingWeeks(text: string): TeachingSpan[] | undefined {
  const spans: TeachingSpan[] = [];
  let last = 0;
  for (const [i, item] of text.split(',').map((s) => s.trim()).entries()) {
    const match = /^(\d{1,2})-(\d{1,2})(r?)$/.exec(item);
    if (!match) return undefined;
    const from = Number(match[1]);
    const to = Number(match[2]);
    if (from <= last || to < from || to > 53) return undefined;
    spans.push({ from, to, term: terms[Math.min(i, terms.length - 1)] ?? 'summer', isRevision: match[3] === 'r' });
    last = to;
  }
  return spans.length > 0 ? spans : undefined;
}

export function isTimeZone(text: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: text });
    return true;
  } catch {
    return false;
  }
}

// ---- dates ---------------------------------------------------------------------------------------

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: LocalDate): number {
  const day = dayjs.utc(date).day();
  return day === 0 ? 7 : day;
}

/** The calendar date, in the university's zone, of an instant. */
export function londonDate(instant: Date): LocalDate {
  return dayjs(instant).tz(rules.timeZone).format('YYYY-MM-DD');
}

/** The instant of a wall-clock time ('HH:mm') on a date in the university's zone, daylight saving included. */
export function londonInstant(date: LocalDate, time: string): Date {
  return dayjs.tz(`${date} ${time}`, rules.timeZone).toDate();
}

/** The Monday on or before `MM-DD` of a year. */
export function mondayOnOrBefore(year: number, monthDay: string): LocalDate {
  const date = `${year}-${monthDay}`;
  return addLocalDays(date, -(isoWeekday(date) - 1));
}

/** The Monday of week 1 of the academic year that starts in `year`. */
export function yearStartIn(year: number, calendar: CalendarRules = rules): LocalDate {
  return mondayOnOrBefore(year, calendar.yearStart);
}

/** The default rule's week 1: the last Monday of September. */
export function lastMondayOfSeptember(year: number): LocalDate {
  return mondayOnOrBefore(year, '09-30');
}

function yearStartingIn(year: number, calendar: CalendarRules): AcademicYear {
  const label = `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
  return { start: yearStartIn(year, calendar), end: yearStartIn(year + 1, calendar), label };
}

/** The academic year that contains the local date (in the university's zone) of an instant. */
export function academicYearOf(today: Date, calendar: CalendarRules = rules): AcademicYear {
  const date = dayjs(today).tz(calendar.timeZone).format('YYYY-MM-DD');
  const year = Number(date.slice(0, 4));
  return date >= yearStartIn(year, calendar) ? yearStartingIn(year, calendar) : yearStartingIn(year - 1, calendar);
}

/** The academic year `yearsBack` years before the given one. */
export function earlierAcademicYear(year: AcademicYear, yearsBack: number, calendar: CalendarRules = rules): AcademicYear {
  return yearStartingIn(Number(year.start.slice(0, 4)) - yearsBack, calendar);
}

/** The academic year label of an instant. */
export function academicYearLabelOf(instant: Date, calendar: CalendarRules = rules): string {
  return academicYearOf(instant, calendar).label;
}

/** The teaching and revision weeks of a year, in order. */
export function teachingWeeks(year: AcademicYear, calendar: CalendarRules = rules): TeachingWeek[] {
  const weeks: TeachingWeek[] = [];
  for (const span of calendar.teachingWeeks) {
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
