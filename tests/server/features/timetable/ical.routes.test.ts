import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { RouteDescriptor } from '../../../../src/shared/contract/route.js';
import { deleteIcalRoute, enableIcalRoute, getIcalRoute, icalFeedRoute, type IcalSubscription } from '../../../../src/shared/contract/timetable.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { fetchTimetable } from './support.js';

const ORIGIN = 'https://campus.example.ac.uk';

const t = useTestApp({ env: { PUBLIC_ORIGIN: ORIGIN } });

async function call(caller: Caller, route: RouteDescriptor) {
  return t.call(route, { as: caller });
}

async function enable(caller: Caller): Promise<IcalSubscription> {
  const response = await call(caller, enableIcalRoute);
  expect(response.statusCode).toBe(200);
  return response.json<IcalSubscription>();
}

/** Fetches a feed the way a calendar app does: no cookies, no antiforgery token. */
async function fetchFeed(subscription: IcalSubscription) {
  return t.app.inject({ method: 'GET', url: new URL(subscription.feedUrl).pathname });
}

/** The feed read by an independent parser (ical.js), its VTIMEZONE registered so times resolve. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  if (vtimezone) ICAL.TimezoneService.register(vtimezone);
  return { calendar, vtimezone, events: calendar.getAllSubcomponents('vevent') };
}

describe('iCal subscription', () => {
  it('is null until enabled, then the same subscription however often it is enabled', async () => {
    const student = await t.signIn('student');
    expect((await call(student, getIcalRoute)).json()).toBeNull();

    const first = await enable(student);
    expect(first.uniqueId).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    expect(first.feedUrl).toBe(`${ORIGIN}/api/timetable/ical/feed/${first.uniqueId}`);
    expect(await enable(student)).toEqual(first);
    expect((await call(student, getIcalRoute)).json()).toEqual(first);
    // Concurrent enables (a double tap, a replay) still end with one subscription.
    const racing = await Promise.all([enable(student), enable(student), enable(student)]);
    expect(racing.every((s) => s.uniqueId === first.uniqueId)).toBe(true);
  });

  it('serves a feed without a session that matches the API, event for event', async () => {
    const student = await t.signIn('student');
    const subscription = await enable(student);
    const timetable = await fetchTimetable(t.app, student);

    const response = await fetchFeed(subscription);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('inline; filename="timetable.ics"');

    const { events, vtimezone } = parseCalendar(response.body);
    expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('Europe/London');
    expect(events).toHaveLength(timetable.timetableEntries.length);

    const byUid = new Map(events.map((vevent) => [String(vevent.getFirstPropertyValue('uid')), vevent]));
    for (const entry of timetable.timetableEntries) {
      const vevent = byUid.get(`event-${entry.rowId}@campus.example.ac.uk`);
      expect(vevent, `VEVENT for row ${entry.rowId}`).toBeDefined();
      if (!vevent) continue;
      const event = new ICAL.Event(vevent);
      expect(event.startDate.zone?.tzid).toBe('Europe/London');
      expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(entry.startTime));
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(entry.duration * 60_000);
      expect(event.summary).toContain(entry.moduleName);
      expect(event.summary).toContain(entry.eventType);
      if (entry.roomName) expect(event.location).toContain(entry.roomName);
      expect(vevent.getFirstPropertyValue('status')).toBe(entry.isCancelled ? 'CANCELLED' : 'CONFIRMED');
      expect(typeof vevent.getFirstPropertyValue('sequence')).toBe('number');
      expect(vevent.getFirstPropertyValue('last-modified')).toBeTruthy();
    }
    const cancelled = timetable.timetableEntries.filter((e) => e.isCancelled);
    expect(cancelled.length).toBeGreaterThan(0);
    const cancelledEvent = byUid.get(`event-${cancelled[0]?.rowId}@campus.example.ac.uk`);
    expect(cancelledEvent?.getFirstPropertyValue('status')).toBe('CANCELLED');
    // A cancellation bumps SEQUENCE, so calendar apps take the change.
    expect(cancelledEvent?.getFirstPropertyValue('sequence')).toBeGreaterThan(0);
  });

  it('keeps UIDs and content stable across fetches, and revalidates with ETag', async () => {
    const subscription = await enable(await t.signIn('student'));
    const [first, second] = [await fetchFeed(subscription), await fetchFeed(subscription)];
    const uids = (text: string) => parseCalendar(text).events.map((vevent) => vevent.getFirstPropertyValue('uid'));
    expect(uids(second.body)).toEqual(uids(first.body));
    expect(second.body).toBe(first.body);
    const etag = String(first.headers.etag);
    const revalidated = await t.app.inject({ method: 'GET', url: new URL(subscription.feedUrl).pathname, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('writes RFC 5545 lines: CRLF endings and folding at 75 octets', async () => {
    const response = await fetchFeed(await enable(await t.signIn('student')));
    const text = response.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // no bare CR or LF
    const lines = text.slice(0, -2).split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' ')), 'some long line was folded').toBe(true);
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines.some((line) => line.startsWith('DTSTART;TZID=Europe/London:'))).toBe(true);
    expect(lines.some((line) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(line))).toBe(true);
  });

  it("gives a lecturer's feed the lecturer's classes", async () => {
    const lecturer = await t.signIn('lecturer');
    const timetable = await fetchTimetable(t.app, lecturer);
    const { events } = parseCalendar((await fetchFeed(await enable(lecturer))).body);
    expect(events.map((e) => e.getFirstPropertyValue('uid')).sort()).toEqual(
      timetable.timetableEntries.map((e) => `event-${e.rowId}@campus.example.ac.uk`).sort(),
    );
  });

  it('answers 404 in the error shape once removed, and for an unknown id', async () => {
    const student = await t.signIn('student.unknown');
    const subscription = await enable(student);
    expect((await fetchFeed(subscription)).statusCode).toBe(200);

    const removed = await call(student, deleteIcalRoute);
    expect(removed.statusCode).toBe(204);
    const gone = await fetchFeed(subscription);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'The calendar was not found.', errors: {}, code: 'notFound' });
    expect((await call(student, getIcalRoute)).json()).toBeNull();
    // Deleting again is harmless, and re-enabling issues a new id: the old URL stays dead.
    expect((await call(student, deleteIcalRoute)).statusCode).toBe(204);
    const renewed = await enable(student);
    expect(renewed.uniqueId).not.toBe(subscription.uniqueId);
    expect((await fetchFeed(subscription)).statusCode).toBe(404);

    const unknown = await t.call(icalFeedRoute, { params: { uniqueId: 'A'.repeat(43) } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'The calendar was not found.', errors: {}, code: 'notFound' });
    expect((await t.call(icalFeedRoute, { params: { uniqueId: 'short' } })).statusCode).toBe(400);
  });

  it("never shows or removes another student's subscription", async () => {
    const [student, other] = [await t.signIn('student'), await t.signIn('student2')];
    const mine = await enable(student);
    const theirs = await enable(other);
    expect(theirs.uniqueId).not.toBe(mine.uniqueId);
    expect((await call(student, getIcalRoute)).json()).toEqual(mine);
    expect((await call(other, getIcalRoute)).json()).toEqual(theirs);

    // The feeds differ as the students' timetables do.
    const uidsOf = async (s: IcalSubscription) => parseCalendar((await fetchFeed(s)).body).events.map((e) => e.getFirstPropertyValue('uid'));
    expect(await uidsOf(theirs)).not.toEqual(await uidsOf(mine));

    // The DELETE removes the caller's own subscription only, whatever the query says.
    expect((await t.call(deleteIcalRoute, { query: { uniqueId: mine.uniqueId }, as: other })).statusCode).toBe(204);
    expect((await fetchFeed(mine)).statusCode).toBe(200);
    expect((await call(student, getIcalRoute)).json()).toEqual(mine);
    expect((await fetchFeed(theirs)).statusCode).toBe(404);
  });
});
