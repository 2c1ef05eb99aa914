import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceFeedSchema, integrationAttendanceRoute, type AttendanceFeed,
} from '../../../../src/shared/contract/integrationAttendance.js';
import { z } from '../../../../src/shared/contract/zod.js';
import { SettableClock } from '../../../../src/server/clock.js';
import { academicYearLabelOf, addMinutes } from '../../../../src/server/calendar/academicCalendar.js';
import { jiscAttendanceColumns } from '../../../../src/server/features/integration/attendanceFeed.csv.js';
import { malformedCursorMessage } from '../../../../src/server/features/integration/attendanceFeed.service.js';
import { notAcceptableMessage } from '../../../../src/server/features/integration/attendanceFeed.routes.js';
import { IntegrationClients } from '../../../../src/server/features/integration/integrationClients.service.js';
import { markPresent } from '../../../../src/server/features/staff/register.service.js';
import { feedCaughtUp } from '../../../helpers/feedCaughtUp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

// The attendance feed over HTTP with a machine client's token (issue 36 §4), on the seeded university.
const t = useTestApp({ env: { INTEGRATION_RATE_LIMIT: '1000' } });
let reader: string;
let importer: string;

beforeAll(async () => {
  const admin = await t.db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  const clients = new IntegrationClients(t.db, new SettableClock(new Date('2026-10-05T08:55:00+01:00'), { frozen: true }));
  reader = (await clients.create(admin.id, { name: 'Student records (attendance)', scopes: ['attendance:read'] })).token;
  importer = (await clients.create(admin.id, { name: 'Timetabling', scopes: ['import:write', 'import:read'] })).token;
});

const read = (token: string, query: Record<string, string | number> = {}, accept = 'application/json') =>
  t.call(integrationAttendanceRoute, { query, headers: { authorization: `Bearer ${token}`, accept } });

async function page(query: Record<string, string | number> = {}): Promise<AttendanceFeed> {
  const response = await read(reader, query);
  expect(response.statusCode).toBe(200);
  return z.parse(attendanceFeedSchema, response.json());
}

/** Pages on from `since` until nothing more is ready; the items and the cursor reached. */
async function readToEnd(since?: string): Promise<{ items: AttendanceFeed['items']; cursor: string }> {
  await feedCaughtUp(t.db);
  const items: AttendanceFeed['items'] = [];
  let cursor = since;
  for (;;) {
    const answer = await page({ ...(cursor ? { since: cursor } : {}), limit: 5000 });
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!answer.hasMore) return { items, cursor };
  }
}

describe('GET /api/integration/attendance', () => {
  it('answers JSON pages of the seeded records that join up by their cursors', async () => {
    const first = await page({ limit: 50 });
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.length).toBeLessThanOrEqual(50);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]).toMatchObject({ removed: false, event: { start: expect.any(String), module: { code: expect.any(String) } } });
    const second = await page({ since: first.nextCursor, limit: 50 });
    expect(second.nextCursor).not.toBe(first.nextCursor);
    // The default page is 500 changes; the first 100 changes are the two pages above, in order.
    const whole = await page({ limit: 100 });
    const key = (item: AttendanceFeed['items'][number]) => `${item.studentRowId}:${item.eventRowId}`;
    expect(whole.items.map(key)).toEqual([...first.items, ...second.items].map(key));
    expect(whole.nextCursor).toBe(second.nextCursor);
  });

  it('answers the same page as CSV in the Jisc columns, with the cursor in a header', async () => {
    const json = await page({ limit: 200 });
    const response = await read(reader, { limit: 200 }, 'text/csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-next-cursor']).toBe(json.nextCursor);
    expect(response.headers['x-has-more']).toBe('true');
    const rows = parse(response.body, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...jiscAttendanceColumns]);
    expect(rows).toHaveLength(json.items.length);
    const item = json.items[0];
    expect(rows[0]).toMatchObject({
      EVENT_ID: item?.event?.sourcedId, START_TIME: item?.event?.start, MOD_INSTANCE_ID: item?.event?.module.sourcedId,
    });
  });

  it('gives a lecturer\'s override after the cursor, with its reason, and nothing else new', async () => {
    const { cursor } = await readToEnd();
    const lecturer = await t.db.selectFrom('users').select('id').where('user_name', '=', 'lecturer').executeTakeFirstOrThrow();
    const module = await t.db.insertInto('modules').values({ code: 'FEED201', name: 'Feeds over HTTP' }).returning('id').executeTakeFirstOrThrow();
    const startsAt = new Date('2026-10-07T10:00:00+01:00');
    const event = await t.db.insertInto('timetable_events')
      .values({ module_id: module.id, event_type: 'Lab', room_id: null, starts_at: startsAt, duration_minutes: 60, is_monitored: true, register_closed_at: addMinutes(startsAt, 20) })
      .returning(['id', 'group_id']).executeTakeFirstOrThrow();
    const student = await t.db.selectFrom('users').select(['id', 'student_id']).where('user_name', 'like', 'cohort%').orderBy('id').executeTakeFirstOrThrow();
    await t.db.insertInto('enrolments').values({ student_user_id: student.id, module_id: module.id, group_id: event.group_id, academic_year: academicYearLabelOf(startsAt) }).execute();
    await markPresent(t.db, lecturer.id, event.id, student.id, addMinutes(startsAt, 70), 'Signed the paper register.');

    const after = await readToEnd(cursor);
    expect(after.items.map((item) => [item.studentRowId, item.eventRowId])).toEqual([[student.id, event.id]]);
    expect(after.items[0]).toMatchObject({
      student: { identifier: student.student_id }, outcome: 'Attended',
      recorded: { method: 'override', reason: 'Signed the paper register.', by: { rowId: lecturer.id } },
    });
    const csv = await read(reader, { since: cursor }, 'text/csv');
    const [row] = parse(csv.body, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(row).toMatchObject({ STUDENT_ID: student.student_id, EVENT_ID: `event-${event.id}`, EVENT_ATTENDED: '1', ATTENDANCE_CATEGORY: 'Attended', EVENT_TYPE: 'Lab' });
    const again = await page({ since: after.cursor });
    expect(again).toEqual({ items: [], nextCursor: after.cursor, hasMore: false });
  });

  it('refuses a cursor it did not hand out, and a limit out of range, with 400 in the error shape', async () => {
    const bad = await read(reader, { since: 'bm90LWEtY3Vyc29y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: malformedCursorMessage, errors: { since: [expect.any(String)] }, code: 'validation' });
    for (const limit of ['0', '5001', '1e3', '-1']) {
      const response = await read(reader, { limit });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json(), limit).toMatchObject({ message: expect.any(String), errors: { limit: [expect.any(String)] } });
    }
  });

  it('answers only a token with attendance:read, and only JSON or CSV', async () => {
    expect((await t.call(integrationAttendanceRoute, {})).statusCode).toBe(401);
    expect((await read(importer)).statusCode).toBe(403);
    const student = await t.signIn('student');
    expect((await t.call(integrationAttendanceRoute, { as: student })).statusCode).toBe(401);
    const html = await read(reader, {}, 'text/html');
    expect(html.statusCode).toBe(406);
    expect(html.json()).toMatchObject({ message: notAcceptableMessage });
    // curl and most HTTP clients send */*: JSON.
    const anything = await read(reader, { limit: 1 }, '*/*');
    expect(anything.statusCode).toBe(200);
    expect(anything.headers['content-type']).toBe('application/json; charset=utf-8');
    const csvPreferred = await read(reader, { limit: 1 }, 'application/json;q=0.5, text/csv');
    expect(csvPreferred.headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});
