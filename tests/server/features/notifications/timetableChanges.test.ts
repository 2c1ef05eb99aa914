import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cancelEvent, moveEvent } from '../../../../src/server/features/notifications/timetableChanges.service.js';
import { timetableWindow } from '../../../../src/server/features/timetable/timetable.service.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { fetchTimetable } from '../timetable/support.js';
import { idOf } from './support.js';

const t = useTestApp();
const deps = () => ({ db: t.db, notifier: t.app.notifier, clock: t.clock });


/** Upcoming classes of a teaching group `student` is in this year and `lecturer` teaches. */
async function sharedUpcomingEvents(): Promise<number[]> {
  const [studentId, lecturerId] = [await idOf(t.db, 'student'), await idOf(t.db, 'lecturer')];
  const rows = await t.db
    .selectFrom('timetable_events as e')
    .innerJoin('enrolments as en', 'en.group_id', 'e.group_id')
    .innerJoin('teaching_assignments as ta', 'ta.group_id', 'e.group_id')
    .select('e.id')
    .where('en.student_user_id', '=', studentId)
    .where('en.academic_year', '=', timetableWindow(t.clock.now()).label)
    .where('ta.lecturer_user_id', '=', lecturerId)
    .where('e.starts_at', '>', sql<Date>`${t.clock.now()}::timestamptz + interval '1 day'`)
    .where('e.is_cancelled', '=', false)
    .orderBy('e.starts_at')
    .limit(5)
    .execute();
  return rows.map((row) => row.id);
}

/** Everyone the class concerns, worked out independently of the service. */
async function peopleOf(eventId: number): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    select en.student_user_id as user_id from timetable_events e
      join enrolments en on en.group_id = e.group_id and en.academic_year = ${timetableWindow(t.clock.now()).label}
      where e.id = ${eventId}
    union
    select ta.lecturer_user_id from timetable_events e
      join teaching_assignments ta on ta.group_id = e.group_id or ta.module_id = e.module_id or ta.event_id = e.id
      where e.id = ${eventId}`.execute(t.db);
  return rows.map((row) => row.user_id).sort((a, b) => a - b);
}

async function notifiedBy(title: string): Promise<number[]> {
  const rows = await t.db.selectFrom('notifications').select('user_id').where('title', '=', title).where('notification_type', '=', 'Timetable').orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

/** The date of an instant in London, 'YYYY-MM-DD' (worked out apart from the service's formatter). */
const londonDate = (instant: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);

const eventRow = (id: number) =>
  t.db.selectFrom('timetable_events').select(['is_cancelled', 'sequence', 'last_modified', 'starts_at', 'room_id']).where('id', '=', id).executeTakeFirstOrThrow();

describe('cancelling a class', () => {
  it('cancels it, bumps its sequence, and notifies its students and lecturer', async () => {
    const [eventId] = await sharedUpcomingEvents();
    if (eventId === undefined) throw new Error('the seed has no shared upcoming class');
    const before = await eventRow(eventId);
    const result = await cancelEvent(deps(), eventId);

    const after = await eventRow(eventId);
    expect(after).toMatchObject({ is_cancelled: true, sequence: before.sequence + 1 });
    expect(after.last_modified.getTime()).toBeGreaterThan(before.last_modified.getTime());

    const { code, event_type } = await t.db
      .selectFrom('timetable_events as e').innerJoin('modules as m', 'm.id', 'e.module_id')
      .select(['m.code', 'e.event_type']).where('e.id', '=', eventId).executeTakeFirstOrThrow();
    const title = `Cancelled: ${code} ${event_type}`;
    const people = await peopleOf(eventId);
    expect(people).toEqual(expect.arrayContaining([await idOf(t.db, 'student'), await idOf(t.db, 'lecturer')]));
    expect(await notifiedBy(title)).toEqual(people);
    expect(result).toEqual({ notified: people.length, devices: 0 });
    expect(await notifiedBy(title)).not.toContain(await idOf(t.db, 'admin'));
    // The notification opens the class on the timetable: its week (by its own day) and its card.
    const { url } = await t.db.selectFrom('notifications').select('url').where('title', '=', title)
      .where('user_id', '=', await idOf(t.db, 'student')).executeTakeFirstOrThrow();
    expect(url).toBe(`/timetable?week=${londonDate(before.starts_at)}#class-${eventId}`);

    const timetable = await fetchTimetable(t.app, await t.signIn('student'));
    expect(timetable.timetableEntries.find((entry) => entry.rowId === eventId)?.isCancelled).toBe(true);
  });

  it('notifies no one when the class is already cancelled, and 404s an unknown class', async () => {
    const [eventId] = await sharedUpcomingEvents();
    if (eventId === undefined) throw new Error('no class');
    await cancelEvent(deps(), eventId);
    const count = await t.db.selectFrom('notifications').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(await cancelEvent(deps(), eventId)).toBeNull();
    expect(await t.db.selectFrom('notifications').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).toEqual(count);
    await expect(cancelEvent(deps(), 999_999_999)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('moving a class', () => {
  it('moves it to a new time and room and notifies its people', async () => {
    const [eventId] = await sharedUpcomingEvents();
    if (eventId === undefined) throw new Error('no class');
    const before = await eventRow(eventId);
    const room = await t.db.selectFrom('rooms').select(['id', 'name']).where('id', '!=', before.room_id ?? '').orderBy('id').executeTakeFirstOrThrow();
    const newStart = new Date(before.starts_at.getTime() + 26 * 3_600_000);

    const result = await moveEvent(deps(), eventId, newStart, room.id);

    expect(await eventRow(eventId)).toMatchObject({ starts_at: newStart, room_id: room.id, sequence: before.sequence + 1 });
    expect(result?.notified).toBe((await peopleOf(eventId)).length);
    const notification = await t.db
      .selectFrom('notifications').select(['title', 'body', 'url'])
      .where('user_id', '=', await idOf(t.db, 'student')).where('title', 'like', 'Moved:%')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notification.body).toContain(`in ${room.name}.`);
    // It opens the class where it now is: the new day (26 hours on, never the old one), its card.
    expect(londonDate(newStart)).not.toBe(londonDate(before.starts_at));
    expect(notification.url).toBe(`/timetable?week=${londonDate(newStart)}#class-${eventId}`);
  });

  it('notifies no one for a move to where the class already is, and refuses an unknown room or a cancelled class', async () => {
    const [eventId] = await sharedUpcomingEvents();
    if (eventId === undefined) throw new Error('no class');
    const { starts_at } = await eventRow(eventId);
    expect(await moveEvent(deps(), eventId, starts_at)).toBeNull();
    await expect(moveEvent(deps(), eventId, starts_at, 'NO-SUCH-ROOM')).rejects.toMatchObject({ statusCode: 400, errors: { roomId: expect.any(Array) } });
    await cancelEvent(deps(), eventId);
    await expect(moveEvent(deps(), eventId, t.clock.now())).rejects.toMatchObject({ statusCode: 400 });
  });
});
