import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminNotificationRoute,
  listAdminNotificationsRoute,
  updateAdminNotificationRoute,
  cancelAdminNotificationRoute,
  type AdminNotification,
  type ComposeNotification,
} from '../../../../src/shared/contract/adminNotifications.js';
import { listNotificationsRoute, type Notification } from '../../../../src/shared/contract/notifications.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

/** Scheduled sends through the real job queue (pg-boss), timed a few seconds ahead. */
const t = useTestApp({ runJobs: true });
let admin: Caller;
let student: Caller;

beforeAll(async () => {
  [admin, student] = (await Promise.all(['admin', 'student'].map((name) => t.signIn(name)))) as [Caller, Caller];
});

const compose = (title: string, sendAt: string): ComposeNotification => ({
  title, body: 'Hi {FIRSTNAME}', notificationType: 'General', audience: { userNames: ['student'] }, sendAt,
});
const inFuture = (ms: number) => new Date(t.clock.nowMs() + ms).toISOString();
const inbox = async () => (await t.call(listNotificationsRoute, { as: student })).json<Notification[]>();
const historyOf = async (rowId: number) =>
  (await t.call(listAdminNotificationsRoute, { as: admin })).json<AdminNotification[]>().find((n) => n.rowId === rowId);

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value) || performance.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('scheduled admin notifications', () => {
  it('go out at their time as last edited, once; a cancelled one never does', async () => {
    const first = (await t.call(createAdminNotificationRoute, { as: admin, body: compose('Draft title', inFuture(2_000)) })).json<AdminNotification>();
    const edited = await t.call(updateAdminNotificationRoute, { as: admin, params: { rowId: first.rowId }, body: compose('Final title', inFuture(3_000)) });
    expect(edited.json<AdminNotification>().status).toBe('Scheduled');
    const other = (await t.call(createAdminNotificationRoute, { as: admin, body: compose('Never sent', inFuture(2_000)) })).json<AdminNotification>();
    expect((await t.call(cancelAdminNotificationRoute, { as: admin, params: { rowId: other.rowId } })).statusCode).toBe(200);
    expect((await inbox()).some((n) => n.title === 'Final title')).toBe(false);

    const sent = await until(() => historyOf(first.rowId), (n) => n?.status === 'Sent');
    expect(sent).toMatchObject({ status: 'Sent', recipients: 1, title: 'Final title' });
    // Past the old version's time and the cancelled one's: still one copy, edited, personalised.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const titles = (await inbox()).map((n) => n.title);
    expect(titles.filter((title) => title === 'Final title')).toHaveLength(1);
    expect(titles).not.toContain('Draft title');
    expect(titles).not.toContain('Never sent');
    expect((await inbox()).find((n) => n.title === 'Final title')?.body).toBe('Hi Amara');
    expect((await historyOf(other.rowId))?.status).toBe('Cancelled');
    const sentAudit = await t.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', 'admin.notification.sent').execute();
    expect(sentAudit).toEqual([{ user_id: null, detail: { target: { type: 'adminNotification', id: first.rowId }, after: { status: 'Sent', recipients: 1 } } }]);
  });
});
