import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelClassRoute } from '../../../../src/shared/contract/admin.js';
import { listNotificationsRoute, type Notification } from '../../../../src/shared/contract/notifications.js';
import { moveClassRoute, type MoveClassResult } from '../../../../src/shared/contract/staffRegister.js';
import { enableIcalRoute, type IcalSubscription } from '../../../../src/shared/contract/timetable.js';
import { addMinutes } from '../../../../src/server/calendar/academicCalendar.js';
import { londonIso } from '../../../../src/server/features/timetable/londonTime.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { insertEvent, moduleId, register, userId } from '../attendance/support.js';
import { fetchTimetable } from '../timetable/support.js';
import { auditOf, recordsOf, untaughtModuleOf } from './support.js';

const t = useTestApp();
let lecturer: Caller;
let student: Caller;
let admin: Caller;
let taught: number;
let untaught: number;

beforeAll(async () => {
  [lecturer, student, admin] = (await Promise.all(['lecturer', 'student', 'admin'].map((name) => t.signIn(name)))) as [Caller, Caller, Caller];
  taught = await moduleId(t.db, 'CS2041');
  untaught = await untaughtModuleOf(t.db, t.clock.now());
});

// These are about the move itself, into the seed's busy timetable: its clashes are accepted up front
// (the warning and its confirmation are registerSafety.routes.test.ts's).
const move = (rowId: number, body: { newStart: string; roomId?: string }, as = lecturer) =>
  t.call(moveClassRoute, { params: { rowId }, body: { ...body, confirmClashes: true }, as });
const eventRow = (id: number) => t.db.selectFrom('timetable_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The feed's VEVENT of a class, read by an independent parser. */
async function feedEvent(subscription: IcalSubscription, rowId: number) {
  const response = await t.app.inject({ method: 'GET', url: new URL(subscription.feedUrl).pathname });
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const vevent = calendar.getAllSubcomponents('vevent').find((v) => String(v.getFirstPropertyValue('uid')).startsWith(`event-${rowId}@`));
  if (!vevent) throw new Error(`no VEVENT for ${rowId}`);
  return vevent;
}

describe('POST /api/staff/timetable/events/:rowId/move', () => {
  it('moves a class its lecturer teaches: the timetable, the feed (SEQUENCE up) and its students follow', async () => {
    const event = await insertEvent(t.db, taught, 2 * 24 * 60, { now: t.clock.now() });
    const subscription = (await t.call(enableIcalRoute, { as: student })).json<IcalSubscription>();
    const sequenceBefore = Number((await feedEvent(subscription, event)).getFirstPropertyValue('sequence'));

    const newStart = addMinutes((await eventRow(event)).starts_at, 24 * 60 + 60);
    const response = await move(event, { newStart: londonIso(newStart).slice(0, 16), roomId: 'ENG-2.03' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<MoveClassResult>();
    expect(result.roomId).toBe('ENG-2.03');
    expect(result.notified).toBeGreaterThan(0);

    const entry = (await fetchTimetable(t.app, student)).timetableEntries.find((e) => e.rowId === event);
    expect(Date.parse(entry?.startTime ?? '')).toBe(Math.floor(newStart.getTime() / 60_000) * 60_000);
    expect(entry?.roomId).toBe('ENG-2.03');
    const vevent = await feedEvent(subscription, event);
    expect(Number(vevent.getFirstPropertyValue('sequence'))).toBeGreaterThan(sequenceBefore);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const notifications = (await t.call(listNotificationsRoute, { as: student })).json<Notification[]>();
    expect(notifications.some((n) => n.title.startsWith('Moved: CS2041') && n.notificationType === 'Timetable')).toBe(true);
    const [audit] = await auditOf(t.db, 'timetable.move', event);
    expect(audit?.user_id).toBe(await userId(t.db, 'lecturer'));
  });

  it('reopens the register of a class moved to a later time, so the old registrations do not count', async () => {
    const event = await insertEvent(t.db, taught, -5, { now: t.clock.now() });
    expect((await register(t.app, student, event)).statusCode).toBe(204);
    const later = addMinutes((await eventRow(event)).starts_at, 3 * 60);
    expect((await move(event, { newStart: later.toISOString() })).statusCode).toBe(200);
    expect(await recordsOf(t.db, event)).toEqual([]);
    expect((await eventRow(event)).register_closed_at).toBeNull();
  });

  it('keeps every registration when only the room changes', async () => {
    const event = await insertEvent(t.db, taught, -5, { now: t.clock.now() });
    expect((await register(t.app, student, event)).statusCode).toBe(204);
    const before = await t.db.selectFrom('attendance_registrations').select('student_user_id').where('event_id', '=', event).execute();
    expect(before).toHaveLength(1);
    const start = (await eventRow(event)).starts_at;
    expect((await move(event, { newStart: start.toISOString(), roomId: 'ENG-2.03' })).statusCode).toBe(200);
    expect(await t.db.selectFrom('attendance_registrations').select('student_user_id').where('event_id', '=', event).execute()).toEqual(before);
    expect((await eventRow(event)).room_id).toBe('ENG-2.03');
  });

  it('never reopens a closed register: moving its class to a time still to come is refused, and nothing changes', async () => {
    const event = await insertEvent(t.db, taught, -5, { now: t.clock.now() });
    await t.db.updateTable('timetable_events').set({ register_closed_at: t.clock.now() }).where('id', '=', event).execute();
    const before = await eventRow(event);
    const response = await move(event, { newStart: addMinutes(before.starts_at, 3 * 60).toISOString() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('newStart');
    expect(await eventRow(event)).toEqual(before);
    // A room change alone is still fine.
    expect((await move(event, { newStart: before.starts_at.toISOString(), roomId: 'ENG-2.03' })).statusCode).toBe(200);
  });

  it('refuses another lecturer\'s class (403) and leaves it as it was; an administrator may move any class', async () => {
    const other = await insertEvent(t.db, untaught, 3 * 24 * 60, { now: t.clock.now() });
    const before = await eventRow(other);
    const newStart = addMinutes(before.starts_at, 60).toISOString();
    expect((await move(other, { newStart })).statusCode).toBe(403);
    expect(await eventRow(other)).toEqual(before);
    expect((await move(other, { newStart }, admin)).statusCode).toBe(200);
    expect((await eventRow(other)).sequence).toBe(before.sequence + 1);
  });

  it('refuses a time outside the class\'s academic year, an unknown room and a malformed time, with the error shape', async () => {
    const event = await insertEvent(t.db, taught, 24 * 60, { now: t.clock.now() });
    const farAway = await move(event, { newStart: addMinutes(t.clock.now(), 400 * 24 * 60).toISOString() });
    expect(farAway.statusCode).toBe(400);
    expect(farAway.json().errors).toHaveProperty('newStart');
    const room = await move(event, { newStart: addMinutes(t.clock.now(), 2 * 24 * 60).toISOString(), roomId: 'NOWHERE-9.99' });
    expect(room.statusCode).toBe(400);
    expect(room.json().errors).toHaveProperty('roomId');
    expect((await move(event, { newStart: 'next tuesday' })).statusCode).toBe(400);
    expect((await eventRow(event)).sequence).toBe(0);
  });
});

describe('POST /api/admin/timetable/events/:rowId/cancel by a lecturer', () => {
  it('cancels a class they teach (audited, STATUS:CANCELLED in the feed) and refuses another\'s with 403', async () => {
    const own = await insertEvent(t.db, taught, 24 * 60, { now: t.clock.now() });
    const response = await t.call(cancelClassRoute, { params: { rowId: own }, as: lecturer });
    expect(response.statusCode, response.body).toBe(200);
    expect((await eventRow(own)).is_cancelled).toBe(true);
    expect(await auditOf(t.db, 'timetable.cancel', own)).toHaveLength(1);
    const subscription = (await t.call(enableIcalRoute, { as: student })).json<IcalSubscription>();
    expect((await feedEvent(subscription, own)).getFirstPropertyValue('status')).toBe('CANCELLED');

    const other = await insertEvent(t.db, untaught, 24 * 60, { now: t.clock.now() });
    expect((await t.call(cancelClassRoute, { params: { rowId: other }, as: lecturer })).statusCode).toBe(403);
    expect((await eventRow(other)).is_cancelled).toBe(false);
  });
});
