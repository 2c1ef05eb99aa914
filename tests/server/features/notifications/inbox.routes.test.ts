import { beforeAll, describe, expect, it } from 'vitest';
import { listNotificationsRoute, markAsReadRoute } from '../../../../src/shared/contract/notifications.js';
import type { Notification } from '../../../../src/shared/contract/notifications.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { idOf } from './support.js';

const t = useTestApp();
let student: Caller;
let student2: Caller;

beforeAll(async () => {
  student = await t.signIn('student');
  student2 = await t.signIn('student2');
});

const list = async (caller: Caller): Promise<Notification[]> =>
  (await t.call(listNotificationsRoute, { as: caller })).json<Notification[]>();
const markAsRead = (caller: Caller, rowIds: number[]) =>
  t.call(markAsReadRoute, { body: rowIds, as: caller });

describe('GET /api/user/notifications', () => {
  it('lists the caller\'s own notifications, newest first', async () => {
    const notifications = await list(student);
    expect(notifications.length).toBeGreaterThanOrEqual(4);
    const sent = notifications.map((n) => Date.parse(n.dateSent));
    expect(sent).toEqual([...sent].sort((a, b) => b - a));
    const own = await t.db.selectFrom('notifications').select('id').where('user_id', '=', await idOf(t.db, 'student')).execute();
    expect(new Set(notifications.map((n) => n.rowId))).toEqual(new Set(own.map((row) => row.id)));
    expect(notifications[0]).toMatchObject({ title: 'Library opening hours', notificationType: 'General', url: null, isRead: false });
  });

  it('shows a new notification at the top', async () => {
    await t.app.notifier.notify({ userIds: [await idOf(t.db, 'student')] }, 'General', { title: 'Exam timetable published', body: 'Check your exam dates.', url: '/timetable' });
    expect((await list(student))[0]).toMatchObject({ title: 'Exam timetable published', url: '/timetable', isRead: false });
  });
});

describe('POST /api/user/notifications/markAsRead', () => {
  it('marks the caller\'s notifications read, idempotently', async () => {
    const unread = (await list(student2)).filter((n) => !n.isRead).map((n) => n.rowId);
    expect(unread.length).toBeGreaterThan(0);
    expect((await markAsRead(student2, unread)).statusCode).toBe(204);
    const readAt = await t.db.selectFrom('notifications').select('read_at').where('id', 'in', unread).execute();
    expect((await markAsRead(student2, unread)).statusCode).toBe(204);
    expect(await t.db.selectFrom('notifications').select('read_at').where('id', 'in', unread).execute()).toEqual(readAt);
    expect((await list(student2)).every((n) => n.isRead)).toBe(true);
  });

  it('ignores another user\'s rowIds: their notifications stay unread', async () => {
    const victims = (await list(student)).filter((n) => !n.isRead).map((n) => n.rowId);
    expect(victims.length).toBeGreaterThan(0);
    expect((await markAsRead(student2, victims)).statusCode).toBe(204);
    expect((await list(student)).filter((n) => victims.includes(n.rowId)).every((n) => !n.isRead)).toBe(true);
  });

  it('refuses an empty or malformed list', async () => {
    expect((await markAsRead(student, [])).statusCode).toBe(400);
    expect((await t.call(markAsReadRoute, { body: { rowIds: [1] }, as: student })).statusCode).toBe(400);
  });
});
