import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus, type ICalDayJsStub } from 'ical-generator';
import { cacheMinutes, siteTitle } from '../../../shared/constants.js';
import { addMinutes, TIMEZONE } from '../../calendar/academicCalendar.js';
import type { EventRow } from './timetable.queries.js';
import { londonWallClock } from './londonTime.js';
import { staffOf } from './timetable.service.js';

/** `event-<rowId>@<host>`: stable across fetches, so calendar apps update events in place. */
export function eventUid(rowId: number, host: string): string {
  return `event-${rowId}@${host}`;
}

/**
 * A London wall-clock time in the Day.js-like shape ical-generator accepts. It has no `tz()`, so
 * the library writes it as it is after `TZID=Europe/London:` (a plain Date would be written in the
 * server process's own zone, and Day.js's `tz()` is slow).
 */
function londonTime(instant: Date): ICalDayJsStub {
  const { date, time } = londonWallClock(instant);
  const formats: Record<string, string> = { YYYYMMDD: date.replaceAll('-', ''), HHmmss: time.replaceAll(':', '') };
  return {
    format: (format = '') => {
      const value = formats[format];
      if (value === undefined) throw new Error(`londonTime: unexpected format "${format}"`);
      return value;
    },
    isValid: () => true,
    toDate: () => instant,
    toJSON: () => instant.toISOString(),
  };
}

/** 'Data Structures and Algorithms Lecture (CS2041)', prefixed 'Cancelled: ' for a cancelled class. */
function summaryOf(row: EventRow): string {
  const summary = `${row.module_name} ${row.event_type} (${row.module_code})`;
  return row.is_cancelled ? `Cancelled: ${summary}` : summary;
}

function locationOf(row: EventRow): string {
  if (!row.room_id) return 'Online';
  const place = `${row.room_name ?? row.room_id} (${row.room_id})`;
  return row.building_name ? `${place}, ${row.building_name}` : place;
}

function descriptionOf(row: EventRow): string {
  const staff = staffOf(row);
  return [`${row.module_code} ${row.module_name}: ${row.event_type}`, ...(staff.length > 0 ? [`Staff: ${staff.join(', ')}`] : [])].join('\n');
}

/**
 * The timetable as an RFC 5545 calendar, built by ical-generator (which escapes text, folds lines
 * at 75 octets and ends them with CRLF). Times are Europe/London wall-clock with a VTIMEZONE, so
 * classes stay at 09:00 across the clock changes.
 *
 * The calendar itself gets no timezone name: ical-generator would then write DTSTAMP and
 * LAST-MODIFIED as floating local times (RFC 5545 wants UTC) and X-WR-TIMEZONE after the events.
 * DTSTAMP is the event's last modification, not "now", so an unchanged timetable gives a
 * byte-identical feed (and a 304 to a calendar app that sends If-None-Match).
 */
export function buildCalendar(rows: readonly EventRow[], host: string): string {
  const calendar = ical({
    prodId: { company: siteTitle, product: 'Timetable', language: 'EN' },
    name: `${siteTitle} timetable`,
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: cacheMinutes.timetable * 60,
  });
  for (const row of rows) {
    calendar.createEvent({
      id: eventUid(row.id, host),
      sequence: row.sequence,
      stamp: row.last_modified,
      lastModified: row.last_modified,
      start: londonTime(row.starts_at),
      end: londonTime(addMinutes(row.starts_at, row.duration_minutes)),
      timezone: TIMEZONE,
      summary: summaryOf(row),
      location: locationOf(row),
      description: descriptionOf(row),
      status: row.is_cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line, the last one included, with CRLF; ical-generator stops short.
  return `${calendar.toString()}\r\n`;
}
