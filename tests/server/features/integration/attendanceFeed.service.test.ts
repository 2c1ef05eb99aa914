import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { academicYearLabelOf, addMinutes } from '../../../../src/server/calendar/academicCalendar.js';
import { HttpError } from '../../../../src/server/http/errors.js';
import { closeRegister, rederiveRecordsForAbsence } from '../../../../src/server/features/attendance/closeRegisters.service.js';
import {
  decodeCursor, encodeCursor, malformedCursorMessage, readAttendanceFeed,
} from '../../../../src/server/features/integration/attendanceFeed.service.js';
import { markPresent } from '../../../../src/server/features/staff/register.service.js';
import type { AttendanceFeedItem } from '../../../../src/shared/contract/integrationAttendance.js';
import { feedCaughtUp } from '../../../helpers/feedCaughtUp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

/** The real time at the start; classes are placed around it. */
let now: Date;
let moduleId: number;
let groupId: number;
/** Eight cohort members enrolled on the test module (not personas, who hold seeded absences). */
let students: number[];
let lecturerId: number;

const keyOf = (item: Pick<AttendanceFeedItem, 'studentRowId' | 'eventRowId'>): string => `${item.studentRowId}:${item.eventRowId}`;

async function addEvent(startsAt: Date, title = 'Feed test class'): Promise<number> {
  const row = await t.db
    .insertInto('timetable_events')
    .values({ module_id: moduleId, group_id: groupId, event_type: 'Seminar', room_id: null, starts_at: startsAt, duration_minutes: 60, is_monitored: true, title, sourced_id: `feed-${title}-${startsAt.getTime()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Reads pages of `limit` from `since` until no more are ready; every page and the cursor reached. */
async function readAll(since: string | undefined, limit = 500, options: { readonly waitForOthers?: boolean } = {}): Promise<{ pages: AttendanceFeedItem[][]; cursor: string }> {
  // First, every transaction begun before now has ended (this file's own open one aside, when told).
  if (options.waitForOthers ?? true) await feedCaughtUp(t.db);
  const pages: AttendanceFeedItem[][] = [];
  let cursor = since;
  for (;;) {
    const page = await readAttendanceFeed(t.db, { since: cursor, limit });
    pages.push(page.items);
    cursor = page.nextCursor;
    if (!page.hasMore) return { pages, cursor };
  }
}

/**
 * Reads on until every key wanted has come (another test file's transaction on the same cluster can
 * hold the line back for a moment; it never lets anything pass it).
 */
async function readUntil(since: string, wanted: readonly string[], limit: number): Promise<{ pages: AttendanceFeedItem[][]; cursor: string }> {
  const pages: AttendanceFeedItem[][] = [];
  let cursor = since;
  const deadline = performance.now() + 20_000;
  for (;;) {
    const read = await readAll(cursor, limit, { waitForOthers: false });
    pages.push(...read.pages.filter((page) => page.length > 0));
    cursor = read.cursor;
    const seen = new Set(pages.flat().map(keyOf));
    if (wanted.every((key) => seen.has(key))) return { pages, cursor };
    if (performance.now() > deadline) throw new Error(`the feed never gave ${wanted.filter((key) => !seen.has(key)).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  now = new Date('2026-10-07T12:00:00+01:00');
  moduleId = (await t.db.insertInto('modules').values({ code: 'FEED101', name: 'Feeds and cursors', sourced_id: 'course-feed101' }).returning('id').executeTakeFirstOrThrow()).id;
  groupId = (await t.db.insertInto('teaching_groups').values({ module_id: moduleId, title: 'FEED101 Seminar A', class_code: 'FEED101-A', sourced_id: 'class-feed101-a' }).returning('id').executeTakeFirstOrThrow()).id;
  const cohort = await t.db.selectFrom('users').select('id').where('user_name', 'like', 'cohort%').orderBy('id').limit(8).execute();
  students = cohort.map((u) => u.id);
  expect(students).toHaveLength(8);
  const years = [...new Set([academicYearLabelOf(addMinutes(now, -3 * 24 * 60)), academicYearLabelOf(now)])];
  await t.db.insertInto('enrolments')
    .values(students.flatMap((id) => years.map((year) => ({ student_user_id: id, module_id: moduleId, group_id: groupId, academic_year: year }))))
    .execute();
  lecturerId = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'lecturer').executeTakeFirstOrThrow()).id;
});

describe('the attendance feed cursor', () => {
  it('hands out every record of the seeded university from the beginning, page by page, in commit-safe order', async () => {
    const records = await t.db.selectFrom('attendance_records').select(['student_user_id', 'event_id']).execute();
    expect(records.length).toBeGreaterThan(100);
    const { pages } = await readAll(undefined, 997);
    const seen = new Set(pages.flat().map(keyOf));
    for (const record of records) expect(seen.has(`${record.student_user_id}:${record.event_id}`)).toBe(true);
    // Within a page each record is there once.
    for (const page of pages) expect(new Set(page.map(keyOf)).size).toBe(page.length);
  });

  it('skips nothing and repeats nothing when the transaction that began first commits last', async () => {
    const eventId = await addEvent(addMinutes(now, -3 * 24 * 60), 'Concurrent writes');
    const { cursor: before } = await readAll(undefined, 5000);
    const year = academicYearLabelOf(addMinutes(now, -3 * 24 * 60));
    const [first, second] = [new pg.Client({ connectionString: t.connectionString }), new pg.Client({ connectionString: t.connectionString })];
    await first.connect();
    await second.connect();
    try {
      const write = (client: pg.Client, studentIds: readonly number[], result: string) =>
        client.query(
          `insert into attendance_records (student_user_id, event_id, analysis_result, academic_year)
           select s, $2, $3, $4 from unnest($1::int[]) as s`,
          [studentIds, eventId, result, year],
        );
      const early = students.slice(0, 4);
      const late = students.slice(4, 8);
      // The first transaction writes (and so takes its id) before the second begins.
      await first.query('begin');
      await write(first, early, 'Absent');
      await second.query('begin');
      await write(second, late, 'Attended');
      await second.query('commit');

      // Read between the two commits: the committed later writes are held back behind the open one.
      const between = await readAll(before, 3, { waitForOthers: false });
      const betweenKeys = between.pages.flat().map(keyOf);
      for (const id of [...early, ...late]) expect(betweenKeys).not.toContain(`${id}:${eventId}`);
      // A cursor on the newest committed change row, as a plain sequence would give, is past the
      // open transaction's row: reading from it would lose those writes for good.
      const committed = await t.db.selectFrom('attendance_changes').select((eb) => eb.fn.max('id').as('id')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
      const open = await first.query<{ id: string }>('select min(id)::text as id from attendance_changes where event_id = $1', [eventId]);
      expect(BigInt(open.rows[0]?.id ?? '0')).toBeLessThan(BigInt(String(committed.id)));

      await first.query('commit');
      const wanted = [...early, ...late].map((id) => `${id}:${eventId}`);
      const after = await readUntil(between.cursor, wanted, 3);
      const afterKeys = after.pages.flat().map(keyOf).filter((key) => wanted.includes(key));
      // Each once, across pages of three: none skipped, none twice.
      expect([...afterKeys].sort()).toEqual([...wanted].sort());
      const items = after.pages.flat().filter((item) => wanted.includes(keyOf(item)));
      expect(items.filter((item) => item.outcome === 'Absent').map((item) => item.studentRowId).sort()).toEqual([...early].sort());
      expect(items.filter((item) => item.outcome === 'Attended').map((item) => item.studentRowId).sort()).toEqual([...late].sort());
      // And the earlier transaction's records come before the later one's: the order of their ids.
      const order = afterKeys.map((key) => Number(key.split(':')[0]));
      expect(Math.max(...order.map((id, index) => (early.includes(id) ? index : -1)))).toBeLessThan(Math.min(...order.map((id, index) => (late.includes(id) ? index : Infinity))));

      // Nothing more: the cursor reached stands still.
      const again = await readAttendanceFeed(t.db, { since: after.cursor, limit: 50 });
      expect(again.items.map(keyOf).filter((key) => wanted.includes(key))).toEqual([]);
    } finally {
      await first.end();
      await second.end();
    }
  });

  it('gives a record changed after it was read again, as it is now, and a removed one as removed', async () => {
    const eventId = await addEvent(addMinutes(now, -2 * 24 * 60), 'Changed again');
    const year = academicYearLabelOf(addMinutes(now, -2 * 24 * 60));
    const [a, b] = students as [number, number];
    const { cursor } = await readAll(undefined, 5000);
    await t.db.insertInto('attendance_records').values([a, b].map((id) => ({ student_user_id: id, event_id: eventId, analysis_result: 'Absent' as const, academic_year: year }))).execute();
    const first = await readUntil(cursor, [`${a}:${eventId}`, `${b}:${eventId}`], 5000);

    await t.db.updateTable('attendance_records').set({ analysis_result: 'Attended' }).where('student_user_id', '=', a).where('event_id', '=', eventId).execute();
    await t.db.deleteFrom('attendance_records').where('student_user_id', '=', b).where('event_id', '=', eventId).execute();
    const second = await readUntil(first.cursor, [`${a}:${eventId}`, `${b}:${eventId}`], 5000);
    const items = second.pages.flat();
    const changed = items.find((item) => keyOf(item) === `${a}:${eventId}`);
    const removed = items.find((item) => keyOf(item) === `${b}:${eventId}`);
    expect(changed).toMatchObject({ outcome: 'Attended', removed: false });
    expect(removed).toMatchObject({ outcome: null, removed: true, recorded: null, absence: null });
    expect(removed?.event?.sourcedId).toBe(`feed-Changed again-${addMinutes(now, -2 * 24 * 60).getTime()}`);
  });

  it('round-trips its cursor and refuses one it did not hand out with a 400 keyed since', () => {
    const position = { txid: '18446744073709551615', id: '9223372036854775807' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    expect(decodeCursor(undefined)).toEqual({ txid: '0', id: '0' });
    const malformed = [
      'abc', '', encodeCursor({ txid: '18446744073709551616', id: '1' }), encodeCursor({ txid: '1', id: '9223372036854775808' }),
      Buffer.from('2:1:1').toString('base64url'), Buffer.from('1:01:1').toString('base64url'), `${encodeCursor({ txid: '5', id: '6' })}=`,
    ];
    for (const cursor of malformed) {
      let thrown: unknown;
      try {
        decodeCursor(cursor);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, cursor).toBeInstanceOf(HttpError);
      const error = thrown as HttpError;
      expect(error.statusCode).toBe(400);
      expect(error.toBody()).toEqual({ message: malformedCursorMessage, errors: { since: [expect.any(String)] }, code: 'validation' });
    }
  });
});

describe('what each record says', () => {
  it('names the student, the class, its module and group, the outcome, and when and how it was recorded', async () => {
    const startsAt = addMinutes(now, -50);
    const eventId = await addEvent(startsAt, 'Record facts');
    const { cursor } = await readAll(undefined, 5000);
    const [selfRegistered, markedBeforeClose, absentees, authorised, informed, overridden, laterApproved] = students as [number, number, number, number, number, number, number];
    const year = academicYearLabelOf(startsAt);
    // The student's own registration (as registration.service writes it).
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('attendance_registrations').values({ student_user_id: selfRegistered, event_id: eventId, client_ip: '10.0.0.1', registered_at: addMinutes(startsAt, 2) }).execute();
      await trx.insertInto('attendance_records').values({ student_user_id: selfRegistered, event_id: eventId, analysis_result: 'Attended', academic_year: year }).execute();
    });
    await markPresent(t.db, lecturerId, eventId, markedBeforeClose, addMinutes(startsAt, 5));
    const category = async (type: 'Authorised' | 'Informed') =>
      t.db.selectFrom('absence_categories').select(['id', 'name']).where('absence_type', '=', type).orderBy('id').executeTakeFirstOrThrow();
    const [auth, inform] = [await category('Authorised'), await category('Informed')];
    const absence = (student: number, categoryId: number, status: 'Approved' | 'Pending') =>
      t.db.insertInto('absence_requests')
        .values({
          student_user_id: student, category_id: categoryId, absence_start: addMinutes(startsAt, -60), absence_end: addMinutes(startsAt, 120),
          status, description: 'Feed test.', last_modified: addMinutes(startsAt, -24 * 60),
        })
        .returning('id').executeTakeFirstOrThrow();
    const authorisedRequest = await absence(authorised, auth.id, 'Approved');
    await absence(informed, inform.id, 'Approved');
    const pending = await absence(laterApproved, auth.id, 'Pending');

    const closedAt = addMinutes(startsAt, 25);
    const closed = await closeRegister(t.db, eventId, closedAt);
    expect(closed.closedNow).toBe(true);
    await markPresent(t.db, lecturerId, eventId, overridden, addMinutes(startsAt, 40), 'Was in the room; phone had no battery.');
    const decidedAt = addMinutes(startsAt, 45);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('absence_requests').set({ status: 'Approved', last_modified: decidedAt }).where('id', '=', pending.id).execute();
      await rederiveRecordsForAbsence(trx, pending.id);
    });

    const wanted = students.slice(0, 8).map((id) => `${id}:${eventId}`);
    const read = await readUntil(cursor, wanted, 5000);
    const byStudent = new Map(read.pages.flat().filter((item) => item.eventRowId === eventId).map((item) => [item.studentRowId, item]));
    const student = await t.db.selectFrom('users').select(['sourced_id', 'student_id']).where('id', '=', selfRegistered).executeTakeFirstOrThrow();
    const lecturer = await t.db.selectFrom('users').select(['sourced_id', 'user_name']).where('id', '=', lecturerId).executeTakeFirstOrThrow();

    expect(byStudent.get(selfRegistered)).toEqual({
      studentRowId: selfRegistered,
      eventRowId: eventId,
      student: { sourcedId: student.sourced_id, identifier: student.student_id },
      event: {
        sourcedId: `feed-Record facts-${startsAt.getTime()}`, name: 'Record facts', type: 'Seminar', mandatory: true, cancelled: false,
        start: startsAt.toISOString(), end: addMinutes(startsAt, 60).toISOString(),
        module: { sourcedId: 'course-feed101', code: 'FEED101', name: 'Feeds and cursors' },
        group: { sourcedId: 'class-feed101-a', title: 'FEED101 Seminar A', classCode: 'FEED101-A' },
      },
      outcome: 'Attended',
      removed: false,
      recorded: { at: addMinutes(startsAt, 2).toISOString(), method: 'selfRegistered', by: null, reason: null },
      absence: null,
    });
    const by = { rowId: lecturerId, sourcedId: lecturer.sourced_id, userName: lecturer.user_name };
    expect(byStudent.get(markedBeforeClose)).toMatchObject({
      outcome: 'Attended', recorded: { at: addMinutes(startsAt, 5).toISOString(), method: 'lecturer', by, reason: null },
    });
    expect(byStudent.get(overridden)).toMatchObject({
      outcome: 'Attended', recorded: { at: addMinutes(startsAt, 40).toISOString(), method: 'override', by, reason: 'Was in the room; phone had no battery.' },
    });
    expect(byStudent.get(absentees)).toMatchObject({
      outcome: 'Absent', recorded: { at: closedAt.toISOString(), method: 'closedRegister', by: null, reason: null }, absence: null,
    });
    expect(byStudent.get(authorised)).toMatchObject({
      outcome: 'AbsentAuthorised',
      recorded: { at: closedAt.toISOString(), method: 'closedRegister' },
      absence: { rowId: authorisedRequest.id, category: auth.name, type: 'Authorised', start: addMinutes(startsAt, -60).toISOString(), end: addMinutes(startsAt, 120).toISOString() },
    });
    expect(byStudent.get(informed)).toMatchObject({ outcome: 'AbsentInformed', absence: { category: inform.name, type: 'Informed' } });
    expect(byStudent.get(laterApproved)).toMatchObject({
      outcome: 'AbsentAuthorised',
      recorded: { at: decidedAt.toISOString(), method: 'absenceDecision' },
      absence: { rowId: pending.id, category: auth.name, decidedAt: decidedAt.toISOString() },
    });
  });

  it('gives the records of a class again when it is cancelled after its register closed, and an approved absence withdrawn', async () => {
    const startsAt = addMinutes(now, -26 * 60);
    const eventId = await addEvent(startsAt, 'Cancelled later');
    const closedAt = addMinutes(startsAt, 25);
    await closeRegister(t.db, eventId, closedAt);
    const { cursor } = await readAll(undefined, 5000);
    const cancelledAt = addMinutes(startsAt, 24 * 60);
    await t.db.updateTable('timetable_events').set({ is_cancelled: true, last_modified: cancelledAt }).where('id', '=', eventId).execute();
    // The class's records change only by the trigger on the class here (nothing rewrites them).
    const wanted = students.map((id) => `${id}:${eventId}`);
    const read = await readUntil(cursor, wanted, 5000);
    const items = read.pages.flat().filter((item) => item.eventRowId === eventId);
    expect(items).toHaveLength(students.length);
    for (const item of items) expect(item).toMatchObject({ outcome: 'Absent', event: { cancelled: true } });

    // An approved absence covering it, withdrawn: the trigger on the request lists the class's records.
    const category = await t.db.selectFrom('absence_categories').select('id').where('absence_type', '=', 'Authorised').orderBy('id').executeTakeFirstOrThrow();
    const [student] = students as [number];
    const request = await t.db.insertInto('absence_requests')
      .values({
        student_user_id: student, category_id: category.id, absence_start: addMinutes(startsAt, -10), absence_end: addMinutes(startsAt, 70),
        status: 'Approved', description: 'Feed test.', last_modified: addMinutes(startsAt, 29 * 60),
      })
      .returning('id').executeTakeFirstOrThrow();
    const { cursor: afterApproval } = await readAll(read.cursor, 5000);
    await t.db.updateTable('absence_requests').set({ status: 'Cancelled', last_modified: addMinutes(startsAt, 30 * 60) }).where('id', '=', request.id).execute();
    const withdrawn = await readUntil(afterApproval, [`${student}:${eventId}`], 5000);
    expect(withdrawn.pages.flat().filter((item) => item.eventRowId === eventId).map((item) => item.studentRowId)).toEqual([student]);
  });
});
