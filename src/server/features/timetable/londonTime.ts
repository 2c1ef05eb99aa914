import { wallClockIn } from '../../../shared/format/wallClock.js';
import { TIMEZONE } from '../../calendar/academicCalendar.js';

export interface WallClock {
  /** 'YYYY-MM-DD' */
  readonly date: string;
  /** 'HH:mm:ss' */
  readonly time: string;
  /** Minutes ahead of UTC: 0 (GMT) or 60 (BST). */
  readonly offsetMinutes: number;
}

/**
 * The university's wall-clock time (TIME_ZONE, Europe/London by default) of an instant, through the
 * shared reader (one cached Intl formatter per zone: Day.js's timezone plugin built one per call,
 * about 0.3 ms each, which made a year's timetable spend most of its time formatting dates).
 */
export function londonWallClock(instant: Date): WallClock {
  const { date, time, wallAsUtcMs } = wallClockIn(TIMEZONE, instant.getTime());
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return { date, time, offsetMinutes: Math.round((wallAsUtcMs - wholeSeconds) / 60_000) };
}

/** ISO 8601 in London time with its offset, e.g. 2025-10-13T09:00:00+01:00. */
export function londonIso(instant: Date): string {
  const { date, time, offsetMinutes } = londonWallClock(instant);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${date}T${time}${offset}`;
}
