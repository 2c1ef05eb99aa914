import { beforeAll, describe, expect, it } from 'vitest';
import { cancelClassRoute } from '../../../../src/shared/contract/admin.js';
import { listNotificationsRoute } from '../../../../src/shared/contract/notifications.js';
import type { Notification } from '../../../../src/shared/contract/notifications.js';
import type { TimetableEntry } from '../../../../src/shared/contract/timetable.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { idOf } from '../notifications/support.js';
import { timetableWindow } from '../../../../src/server/features/timetable/timetable.service.js';
import { fetchTimetable } from '../timetable/support.js';

const t = useTestApp();
let admin: Caller;
let student: Caller;

beforeAll(async () => {
  [admin, student] = (await Promise.all(['admin', 'student'].map((name) => t.signIn(name)))) as [Caller, Caller];
});

const cancel = (caller: Caller, rowId: number | string) =>
  t.call(cancelClassRoute, { params: { rowId }, as: caller });

/** The student's upcoming classes that are still on, soonest first. */
async function upcomingClasses(): Promise<TimetableEntry[]> {
  const { timetableEntries } = await fetchTimetable(t.app, student);
  return timetableEntries.filter((entry) => !entry.isCancelled && Date.parse(entry.startTime) > t.clock.nowMs() + 3_600_000);
}

async function notificationsOf(caller: Caller): Promise<Notification[]> {
  return (await t.call(listNotificationsRoute, { as: caller })).json<Notification[]>();
}

/** The students enrolled on the class's module this academic year, found independently of the service. */
async function studentsOf(eventId: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('timetable_events as e')
    .innerJoin('enrolments as en', 'en.module_id', 'e.module_id')
    .select('en.student_user_id as user_id')
    .distinct()
    .where('e.id', '=', eventId)
    .where('en.academic_year', '=', timetableWindow(t.clock.now()).label)
    .execute();
  return rows.map((row) => row.user_id);
}

describe('POST /api/admin/timetable/events/:rowId/cancel', () => {
  // A lecturer may cancel the classes they teach, and no other (tests/server/features/staff/classChanges.routes.test.ts).
  it('refuses students and staff without the Administrator or TeachingStaff role, changing nothing', async () => {
    const [entry] = await upcomingClasses();
    if (!entry) throw new Error('the seed has no upcoming class for student');
    for (const userName of ['student', 'staff']) {
      const response = await cancel(await t.signIn(userName), entry.rowId);
      expect(response.statusCode, userName).toBe(403);
    }
    expect((await fetchTimetable(t.app, student)).timetableEntries.find((e) => e.rowId === entry.rowId)?.isCancelled).toBe(false);
  });

  it('lets an administrator cancel a class: its students get a Timetable notification', async () => {
    const [entry] = await upcomingClasses();
    if (!entry) throw new Error('the seed has no upcoming class for student');
    const students = await studentsOf(entry.rowId);
    expect(students).toContain(await idOf(t.db, 'student'));

    const response = await cancel(admin, entry.rowId);

    expect(response.statusCode).toBe(200);
    const result = response.json<{ rowId: number; isCancelled: boolean; notified: number }>();
    expect(result).toMatchObject({ rowId: entry.rowId, isCancelled: true });
    expect(result.notified).toBeGreaterThanOrEqual(students.length);
    expect((await fetchTimetable(t.app, student)).timetableEntries.find((e) => e.rowId === entry.rowId)?.isCancelled).toBe(true);

    const [newest] = await notificationsOf(student);
    expect(newest).toMatchObject({
      title: `Cancelled: ${entry.moduleCode} ${entry.eventType}`,
      notificationType: 'Timetable',
      // The class on the timetable: the week of its day (the London date its start names) and its card.
      url: `/timetable?week=${entry.startTime.slice(0, 10)}#class-${entry.rowId}`,
      isRead: false,
    });
    const rows = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('title', '=', `Cancelled: ${entry.moduleCode} ${entry.eventType}`)
      .execute();
    expect(rows.map((row) => row.user_id)).toEqual(expect.arrayContaining(students));
    expect((await notificationsOf(admin)).some((n) => n.title === newest?.title)).toBe(false);
  });

  it('is idempotent: cancelling again succeeds and notifies no one', async () => {
    const [entry] = await upcomingClasses();
    if (!entry) throw new Error('the seed has no upcoming class for student');
    expect((await cancel(admin, entry.rowId)).statusCode).toBe(200);
    const before = (await notificationsOf(student)).length;

    const again = await cancel(admin, entry.rowId);

    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ rowId: entry.rowId, isCancelled: true, notified: 0 });
    expect(await notificationsOf(student)).toHaveLength(before);
  });

  it('answers 404 with the error shape for an unknown class, and 400 for a malformed id', async () => {
    const missing = await cancel(admin, 999_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    const malformed = await cancel(admin, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('rowId');
  });
});
