import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import dayjs from 'dayjs';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { calendarRules } from '../../calendar/academicCalendar.js';
import type { EventType } from '../../db/schema.domain.js';
import { ConnectorError } from './upstream.js';

/**
 * Timetable iCal feeds (CELCAT, Syllabus Plus and the like), read with ical.js:
 * - RRULE series are expanded (EXDATE honoured), an override (RECURRENCE-ID) replaces the
 *   occurrence it names, `STATUS:CANCELLED` (on the series or one occurrence) gives a cancelled
 *   occurrence;
 * - times resolve to instants through the feed's VTIMEZONEs; a TZID the feed does not define but
 *   that names an IANA zone is resolved from the zone database; floating times are in the
 *   university's zone;
 * - each occurrence's sourcedId is its UID, plus the RECURRENCE-ID (the original start, in UTC)
 *   for an occurrence of a series.
 */

export interface FeedOccurrence {
  readonly sourcedId: string;
  readonly start: Date;
  readonly end: Date;
  readonly isCancelled: boolean;
  readonly location: string;
  readonly eventType: EventType;
  readonly summary: string;
}

/** Occurrences of an open-ended series are read up to this many days after the run. */
export const SERIES_HORIZON_DAYS = 400;
/** At most this many occurrences of one series. */
const MAX_OCCURRENCES = 2000;
/** The longest sourcedId the import takes; longer ones are replaced by a digest of them. */
const MAX_ID = 255;

const typeWords: readonly [RegExp, EventType][] = [
  [/\blect(ure)?s?\b/i, 'Lecture'],
  [/\bsem(inar)?s?\b/i, 'Seminar'],
  [/\b(lab(oratory)?|practical|prac)s?\b/i, 'Lab'],
  [/\btut(orial)?s?\b/i, 'Tutorial'],
  [/\bworkshops?\b/i, 'Workshop'],
  [/\b(exam(ination)?|test|assessment)s?\b/i, 'Exam'],
];

/** The event type a feed names: in CATEGORIES (CELCAT), else a word of the SUMMARY (Syllabus Plus's activity type). */
export function eventTypeOf(categories: readonly string[], summary: string): EventType {
  for (const text of [...categories, summary]) {
    for (const [pattern, type] of typeWords) if (pattern.test(text)) return type;
  }
  return 'Other';
}

function idOf(uid: string, recurrenceId: ICAL.Time | null): string {
  const id = recurrenceId ? `${uid}#${recurrenceId.convertToZone(ICAL.Timezone.utcTimezone).toICALString()}` : uid;
  return id.length <= MAX_ID ? id : `ical-${createHash('sha256').update(id).digest('hex')}`;
}

/** Registers the feed's own VTIMEZONEs, then any IANA zone its TZIDs name that it does not define. */
function registerZones(calendar: ICAL.Component, text: string): void {
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtimezone);
  for (const match of text.matchAll(/;TZID=("?)([^:;"]+)\1[:;]/g)) {
    const tzid = match[2];
    if (!tzid || ICAL.TimezoneService.has(tzid)) continue;
    const component = getVtimezoneComponent(tzid);
    if (!component) continue;
    const parsed = ICAL.Component.fromString(`BEGIN:VCALENDAR\r\n${component}\r\nEND:VCALENDAR`);
    const zone = parsed.getFirstSubcomponent('vtimezone');
    if (zone) ICAL.TimezoneService.register(zone, tzid);
  }
}

/** The instant of an iCalendar time: by its zone, or (floating) in the university's zone. */
export function instantOf(time: ICAL.Time): Date {
  const zone = time.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone) return new Date(time.toUnixTime() * 1000);
  const wall = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')} `
    + `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}:${String(time.second).padStart(2, '0')}`;
  return dayjs.tz(wall, calendarRules().timeZone).toDate();
}

const textProp = (event: ICAL.Event, name: string): string => {
  const value = event.component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
};

function categoriesOf(event: ICAL.Event): string[] {
  return event.component.getAllProperties('categories').flatMap((p) => p.getValues().map(String));
}

function occurrenceOf(sourcedId: string, item: ICAL.Event, start: ICAL.Time, end: ICAL.Time, seriesCancelled: boolean): FeedOccurrence {
  const summary = textProp(item, 'summary');
  return {
    sourcedId, start: instantOf(start), end: instantOf(end), summary,
    isCancelled: seriesCancelled || textProp(item, 'status').toUpperCase() === 'CANCELLED',
    location: textProp(item, 'location'),
    eventType: eventTypeOf(categoriesOf(item), summary),
  };
}

/** Every occurrence a feed holds. `now` bounds open-ended series; a body that is not iCalendar is refused. */
export function occurrencesOfFeed(text: string, now: Date, source: string): FeedOccurrence[] {
  let calendar: ICAL.Component;
  try {
    calendar = ICAL.Component.fromString(text);
  } catch (error) {
    throw new ConnectorError(`${source} is not an iCalendar file (a malformed body: ${error instanceof Error ? error.message : String(error)}).`);
  }
  if (calendar.name !== 'vcalendar') throw new ConnectorError(`${source} is not an iCalendar file (a malformed body: no VCALENDAR).`);
  registerZones(calendar, text);
  const horizon = now.getTime() + SERIES_HORIZON_DAYS * 86_400_000;
  const byUid = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[] }>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = vevent.getFirstPropertyValue('uid');
    if (typeof uid !== 'string' || uid === '') throw new ConnectorError(`${source} has an event without a UID (a malformed body).`);
    const entry = byUid.get(uid) ?? { exceptions: [] };
    if (vevent.hasProperty('recurrence-id')) entry.exceptions.push(vevent);
    else entry.master = vevent;
    byUid.set(uid, entry);
  }
  const out: FeedOccurrence[] = [];
  try {
    for (const [uid, { master, exceptions }] of byUid) {
      if (!master) {
        // Overrides of a series the feed does not hold: each stands alone.
        for (const exception of exceptions) {
          const event = new ICAL.Event(exception);
          out.push(occurrenceOf(idOf(uid, event.recurrenceId), event, event.startDate, event.endDate, false));
        }
        continue;
      }
      const event = new ICAL.Event(master, { exceptions });
      const seriesCancelled = textProp(event, 'status').toUpperCase() === 'CANCELLED';
      if (!event.isRecurring()) {
        out.push(occurrenceOf(idOf(uid, null), event, event.startDate, event.endDate, seriesCancelled));
        continue;
      }
      const iterator = event.iterator();
      for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
        if (instantOf(next).getTime() > horizon) break;
        const details = event.getOccurrenceDetails(next);
        out.push(occurrenceOf(idOf(uid, details.recurrenceId), details.item, details.startDate, details.endDate, seriesCancelled));
      }
    }
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    throw new ConnectorError(`${source} could not be read as a timetable (a malformed body: ${error instanceof Error ? error.message : String(error)}).`);
  }
  for (const o of out) {
    if (Number.isNaN(o.start.getTime()) || Number.isNaN(o.end.getTime())) throw new ConnectorError(`${source}: ${o.sourcedId} has a time that cannot be read (a malformed body).`);
  }
  return out;
}
