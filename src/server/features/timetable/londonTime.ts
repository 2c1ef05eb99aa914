import { TIMEZONE } from '../../calendar/academicCalendar.js';

/**
 * The university's wall-clock time (Europe/London by default) of an instant, from one cached Intl formatter. Day.js's timezone
 * plugin builds a new formatter on every call (about 0.3 ms each), which made a year's timetable
 * spend most of its time formatting dates.
 */
const formatterFor = (timeZone: string) => new Intl.DateTimeFormat('en-GB', {
  timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
let cached = { timeZone: TIMEZONE, formatter: formatterFor(TIMEZONE) };
/** The formatter of the university's zone, rebuilt only when the zone was configured anew. */
function zoneFormatter(): Intl.DateTimeFormat {
  if (cached.timeZone !== TIMEZONE) cached = { timeZone: TIMEZONE, formatter: formatterFor(TIMEZONE) };
  return cached.formatter;
}

export interface WallClock {
  /** 'YYYY-MM-DD' */
  readonly date: string;
  /** 'HH:mm:ss' */
  readonly time: string;
  /** Minutes ahead of UTC: 0 (GMT) or 60 (BST). */
  readonly offsetMinutes: number;
}

export function londonWallClock(instant: Date): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of zoneFormatter().formatToParts(instant)) parts[part.type] = part.value;
  const { year = '', month = '', day = '', hour = '', minute = '', second = '' } = parts;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return { date: `${year}-${month}-${day}`, time: `${hour}:${minute}:${second}`, offsetMinutes: Math.round((wall - wholeSeconds) / 60_000) };
}

/** ISO 8601 in London time with its offset, e.g. 2025-10-13T09:00:00+01:00. */
export function londonIso(instant: Date): string {
  const { date, time, offsetMinutes } = londonWallClock(instant);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${date}T${time}${offset}`;
}
