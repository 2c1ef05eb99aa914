import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateIcsCalendar, type IcsDateObject, type IcsEvent, type IcsTimezone } from 'ts-ics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorBody } from '../../../../src/shared/contract/adminConnectors.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { universityFiles } from '../imports/university.js';
import { connectorHarness, type ConnectorHarness } from './connectorHarness.js';

/**
 * The timetable feeds connector on feeds written by an iCalendar implementation nobody here wrote
 * (ts-ics), served from 127.0.0.1: a weekly series in Europe/London across the end of summer time
 * (Sunday 25 October 2026), an EXDATE, a RECURRENCE-ID override and a cancelled occurrence; and a
 * hand-written feed in the shape Syllabus Plus publishes (TZID without a VTIMEZONE).
 */

const stamp: IcsDateObject = { date: new Date('2026-09-01T00:00:00Z') };
/** A wall-clock time in London; `offset` is London's offset that day. */
const london = (wall: string, offset: '+01:00' | '+00:00'): IcsDateObject => ({
  date: new Date(`${wall}${offset}`), local: { date: new Date(`${wall}Z`), timezone: 'Europe/London', tzoffset: offset.replace(':', '') },
});
// ts-ics writes a VTIMEZONE rule's BYMONTH one higher than it is given (a JavaScript month index):
// 2 and 9 come out as March and October, which the assertion on the text below pins down.
const londonZone: IcsTimezone = {
  id: 'Europe/London',
  props: [
    { type: 'DAYLIGHT', start: new Date('1970-03-29T01:00:00Z'), offsetFrom: '+0000', offsetTo: '+0100', name: 'BST', recurrenceRule: { frequency: 'YEARLY', byMonth: [2], byDay: [{ day: 'SU', occurrence: -1 }] } },
    { type: 'STANDARD', start: new Date('1970-10-25T01:00:00Z'), offsetFrom: '+0100', offsetTo: '+0000', name: 'GMT', recurrenceRule: { frequency: 'YEARLY', byMonth: [9], byDay: [{ day: 'SU', occurrence: -1 }] } },
  ],
};

const SERIES = 'CELCAT-GR1001-LEC-THU@timetable.test.ac.uk';
const EXTRA = 'CELCAT-GR1001-LEC-EXTRA@timetable.test.ac.uk';

/** Where the weekly series says it is; a test renames it to a location no room matches. */
let seriesLocation = 'Main Lecture Theatre';

function lectureFeed(): string {
  const events: IcsEvent[] = [
    {
      uid: SERIES, stamp, summary: 'GR1001 Group Theory Lecture', categories: ['Lecture'], location: seriesLocation,
      start: london('2026-10-15T09:00:00', '+01:00'), end: london('2026-10-15T10:00:00', '+01:00'),
      recurrenceRule: { frequency: 'WEEKLY', count: 6 },
      exceptionDates: [london('2026-11-12T09:00:00', '+00:00')],
    },
    {
      uid: SERIES, stamp, summary: 'GR1001 Group Theory Lecture (moved)', categories: ['Lecture'], location: 'MB-1.10',
      recurrenceId: { value: london('2026-11-05T09:00:00', '+00:00') },
      start: london('2026-11-05T14:00:00', '+00:00'), end: london('2026-11-05T15:00:00', '+00:00'),
    },
    {
      uid: SERIES, stamp, summary: 'GR1001 Group Theory Lecture', categories: ['Lecture'], location: 'Main Lecture Theatre', status: 'CANCELLED',
      recurrenceId: { value: london('2026-11-19T09:00:00', '+00:00') },
      start: london('2026-11-19T09:00:00', '+00:00'), end: london('2026-11-19T10:00:00', '+00:00'),
    },
    {
      uid: EXTRA, stamp, summary: 'GR1001 Revision Workshop', location: 'Online (Teams)',
      start: london('2026-10-20T11:00:00', '+01:00'), end: london('2026-10-20T12:00:00', '+01:00'),
    },
  ];
  return generateIcsCalendar({ version: '2.0', prodId: '-//Timetable test//ts-ics//EN', timezones: [londonZone], events });
}

const emptyFeed = generateIcsCalendar({ version: '2.0', prodId: '-//Timetable test//ts-ics//EN', events: [] });

/** Written by hand in the shape of a Syllabus Plus web timetable export: TZID=Europe/London with no VTIMEZONE. */
const syllabusPlusLabB = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hand written//Syllabus Plus style//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
  'X-WR-CALNAME:GR1001-LAB-B', 'BEGIN:VEVENT', 'UID:SPLUS-7F3A21-GR1001-LAB-B', 'DTSTAMP:20260901T120000Z',
  'DTSTART;TZID=Europe/London:20261022T150000', 'DTEND;TZID=Europe/London:20261022T170000',
  'RRULE:FREQ=WEEKLY;UNTIL=20261105T235959Z', 'SUMMARY:GR1001/Practical/02', 'LOCATION:MB-1.10 Maths Lab 1.10',
  'DESCRIPTION:Activity type: Practical\\nStaff: Lena Lecturer', 'END:VEVENT', 'END:VCALENDAR', '',
].join('\r\n');

let server: Server;
let origin = '';
let t: TestDatabase;
let h: ConnectorHarness;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const feeds: Record<string, string> = { '/celcat/GR1001-LEC.ics': lectureFeed(), '/celcat/GR1001-LAB-A.ics': emptyFeed, '/celcat/GR1001-LAB-B.ics': emptyFeed, '/splus/lab-b.ics': syllabusPlusLabB };
    const feed = feeds[path];
    if (feed === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(feed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestDatabase('empty');
  h = await connectorHarness(t.db, new Date('2026-10-01T08:00:00Z'));
  const files = universityFiles();
  const events = files['ext.events.csv'];
  if (!events) throw new Error('no events file');
  // A lecture held after the feed's span: the feed must leave it alone.
  files['ext.events.csv'] = [...events, ['ev-lec-dec', '', '', 'GR1001-LEC', 'Lecture', '2026-12-10T10:00:00Z', '2026-12-10T11:00:00Z', 'MB-0.01', '', 'true', 'scheduled', '']];
  await h.apply(files, { academicSessions: 'bulk', orgs: 'bulk', courses: 'bulk', classes: 'bulk', users: 'bulk', roles: 'bulk', enrollments: 'bulk', 'ext.rooms': 'bulk', 'ext.events': 'bulk', 'ext.absenceCategories': 'bulk' });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.drop();
});

const icalBody = (settings: Extract<ConnectorBody['settings'], { kind: 'ical' }>): ConnectorBody => ({ name: 'CELCAT', schedule: '15 * * * *', isEnabled: true, settings });

const held = async () => (await t.db.selectFrom('timetable_events as e').innerJoin('teaching_groups as g', 'g.id', 'e.group_id')
  .select(['e.sourced_id', 'g.sourced_id as group', 'e.starts_at', 'e.duration_minutes', 'e.room_id', 'e.is_active', 'e.is_cancelled', 'e.event_type'])
  .orderBy('e.starts_at').orderBy('e.sourced_id').execute()).map((e) => ({ ...e, starts_at: e.starts_at.toISOString() }));

describe('timetable iCal feeds connector', () => {
  it('the independent writer produced what the test means (TZID times, the zone rules, EXDATE, overrides)', () => {
    const text = lectureFeed();
    expect(text).toContain('DTSTART;TZID=Europe/London:20261015T090000');
    expect(text).toContain('EXDATE;TZID=Europe/London:20261112T090000');
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/London:20261105T090000');
    expect(text).toContain('TZNAME:GMT\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10');
    expect(text).toContain('STATUS:CANCELLED');
  });

  it('expands the series across the clock change, honours EXDATE and overrides, and reconciles only the covered group and span', async () => {
    const created = await h.connectors.create(h.adminId, icalBody({ kind: 'ical', feeds: [], urlTemplate: `${origin}/celcat/{classCode}.ics` }));
    const before = await held();
    const run = await h.runNow(created.rowId);
    expect(run.state).toBe('applied');
    expect(run.message).toBe('The location "Online (Teams)" matches no room by code or name: its classes keep the room they had (a new one has none).');
    const after = await held();
    const lecture = after.filter((e) => e.sourced_id?.startsWith(SERIES));
    expect(lecture.map((e) => [e.sourced_id, e.starts_at, e.duration_minutes, e.room_id, e.is_cancelled, e.event_type])).toEqual([
      [`${SERIES}#20261015T080000Z`, '2026-10-15T08:00:00.000Z', 60, 'MB-0.01', false, 'Lecture'],
      [`${SERIES}#20261022T080000Z`, '2026-10-22T08:00:00.000Z', 60, 'MB-0.01', false, 'Lecture'],
      // Summer time has ended: 09:00 in London is now 09:00 UTC.
      [`${SERIES}#20261029T090000Z`, '2026-10-29T09:00:00.000Z', 60, 'MB-0.01', false, 'Lecture'],
      // The override moves 5 November to 14:00 in the lab, under the occurrence's own id.
      [`${SERIES}#20261105T090000Z`, '2026-11-05T14:00:00.000Z', 60, 'MB-1.10', false, 'Lecture'],
      // 12 November is an EXDATE: no occurrence. 19 November is cancelled, still shown.
      [`${SERIES}#20261119T090000Z`, '2026-11-19T09:00:00.000Z', 60, 'MB-0.01', true, 'Lecture'],
    ]);
    expect(after.find((e) => e.sourced_id === EXTRA)).toMatchObject({ starts_at: '2026-10-20T10:00:00.000Z', room_id: null, event_type: 'Workshop', is_active: true });
    // The held lecture inside the span, which the feed no longer has, is deactivated (kept).
    expect(after.find((e) => e.sourced_id === 'ev-lec-1')).toMatchObject({ is_active: false });
    // Outside the span, and other groups' events (whose feeds are empty), untouched.
    for (const id of ['ev-lec-dec', 'ev-lab-a-1', 'ev-lab-b-1']) expect(after.find((e) => e.sourced_id === id)).toEqual(before.find((e) => e.sourced_id === id));
    const batch = await t.db.selectFrom('import_batches').select(['modes', 'connector_id', 'auto_apply']).where('id', '=', run.batch_id ?? 0).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ modes: { events: 'delta', users: 'absent' }, connector_id: created.rowId, auto_apply: true });
    // The pipeline applied it by itself, as it does a push with apply=auto: no person in the audit.
    const applies = await t.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', 'import.apply').execute();
    const applied = applies.filter((a) => JSON.stringify(a.detail).includes(`"id":${run.batch_id}`));
    expect(applied).toMatchObject([{ user_id: null, detail: { target: { type: 'importBatch', id: run.batch_id }, context: { autoApply: true } } }]);
  });

  it('a second run of the same feeds changes nothing', async () => {
    const [connector] = await h.connectors.list();
    if (!connector) throw new Error('no connector');
    const before = await held();
    h.clock.advance(3600_000);
    const run = await h.runNow(connector.rowId);
    expect(run.state).toBe('applied');
    const counts = await t.db.selectFrom('import_batches').select('counts').where('id', '=', run.batch_id ?? 0).executeTakeFirstOrThrow();
    expect(counts.counts.events).toMatchObject({ create: 0, update: 0, deactivate: 0 });
    expect(await held()).toEqual(before);
  });

  it('a location no room matches keeps the room the class already has, and says so', async () => {
    const [connector] = await h.connectors.list();
    if (!connector) throw new Error('no connector');
    seriesLocation = 'Main Building, the big theatre';
    try {
      h.clock.advance(3600_000);
      const run = await h.runNow(connector.rowId);
      expect(run.state).toBe('applied');
      expect(run.message).toContain('The location "Main Building, the big theatre" matches no room by code or name: its classes keep the room they had');
      const rooms = (await held()).filter((e) => e.sourced_id?.startsWith(SERIES) && e.sourced_id !== `${SERIES}#20261105T090000Z`).map((e) => e.room_id);
      expect(rooms).toEqual(['MB-0.01', 'MB-0.01', 'MB-0.01', 'MB-0.01']);
    } finally {
      seriesLocation = 'Main Lecture Theatre';
    }
  });

  it('reads a Syllabus Plus style feed per group: TZID resolved without a VTIMEZONE, a room by its code', async () => {
    const created = await h.connectors.create(h.adminId, { ...icalBody({ kind: 'ical', feeds: [{ classCode: 'GR1001-LAB-B', url: `${origin}/splus/lab-b.ics` }], urlTemplate: null }), name: 'Syllabus Plus' });
    const run = await h.runNow(created.rowId);
    expect(run).toMatchObject({ state: 'applied', message: null });
    const labB = (await held()).filter((e) => e.group === 'GR1001-LAB-B' && e.sourced_id?.startsWith('SPLUS-'));
    expect(labB.map((e) => [e.sourced_id, e.starts_at, e.duration_minutes, e.room_id, e.event_type])).toEqual([
      ['SPLUS-7F3A21-GR1001-LAB-B#20261022T140000Z', '2026-10-22T14:00:00.000Z', 120, 'MB-1.10', 'Lab'],
      ['SPLUS-7F3A21-GR1001-LAB-B#20261029T150000Z', '2026-10-29T15:00:00.000Z', 120, 'MB-1.10', 'Lab'],
      ['SPLUS-7F3A21-GR1001-LAB-B#20261105T150000Z', '2026-11-05T15:00:00.000Z', 120, 'MB-1.10', 'Lab'],
    ]);
    // The lab held from the bundle (15 October) is before this feed's span: untouched.
    expect((await held()).find((e) => e.sourced_id === 'ev-lab-b-1')).toMatchObject({ is_active: true });
  });
});
