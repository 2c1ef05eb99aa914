import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cancelAdminNotificationRoute,
  countRecipientsRoute,
  createAdminNotificationRoute,
  listAdminNotificationsRoute,
  updateAdminNotificationRoute,
  type AdminNotification,
  type ComposeNotification,
} from '../../../../src/shared/contract/adminNotifications.js';
import { listNotificationsRoute, markAsReadRoute, type Notification } from '../../../../src/shared/contract/notifications.js';
import type { PushDelivery } from '../../../../src/server/push/push.service.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { fakeWebPush, idOf, subscribe, subscribeBody } from '../notifications/support.js';

const t = useTestApp();
let admin: Caller;
let student: Caller;
let lecturer: Caller;

beforeAll(async () => {
  [admin, student, lecturer] = (await Promise.all(['admin', 'student', 'lecturer'].map((name) => t.signIn(name)))) as [Caller, Caller, Caller];
});

const compose = (overrides: Partial<ComposeNotification> = {}): ComposeNotification => ({
  title: 'Library hours',
  body: 'The library is open late this week.',
  notificationType: 'General',
  audience: { roles: ['Student'] },
  ...overrides,
});

const create = (body: unknown, as = admin) => t.call(createAdminNotificationRoute, { as, body });
const inbox = async (caller: Caller) => (await t.call(listNotificationsRoute, { as: caller })).json<Notification[]>();
const history = async () => (await t.call(listAdminNotificationsRoute, { as: admin })).json<AdminNotification[]>();
const inFuture = (ms: number) => new Date(t.clock.nowMs() + ms).toISOString();

describe('admin notifications: access', () => {
  it('refuses every route to users without the Administrator role', async () => {
    for (const caller of [student, lecturer, await t.signIn('staff')]) {
      expect((await t.call(listAdminNotificationsRoute, { as: caller })).statusCode).toBe(403);
      expect((await create(compose(), caller)).statusCode).toBe(403);
      expect((await t.call(updateAdminNotificationRoute, { as: caller, params: { rowId: 1 }, body: compose() })).statusCode).toBe(403);
      expect((await t.call(cancelAdminNotificationRoute, { as: caller, params: { rowId: 1 } })).statusCode).toBe(403);
      expect((await t.call(countRecipientsRoute, { as: caller, body: { audience: {} } })).statusCode).toBe(403);
    }
    expect(await t.db.selectFrom('admin_notifications').select('id').execute()).toEqual([]);
  });
});

describe('admin notifications: validation', () => {
  it.each([
    ['an empty title', { title: '   ' }, 'title', 'Enter a title.'],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title', 'The title may have at most 200 characters.'],
    ['a body of 3,501 characters', { body: 'x'.repeat(3501) }, 'body', 'The text may have at most 3500 characters.'],
    ['a javascript: url', { url: 'javascript:alert(1)' }, 'url', 'Enter an app path such as /timetable or an https address.'],
    ['a plain http url', { url: 'http://example.org/x' }, 'url', 'Enter an app path such as /timetable or an https address.'],
    ['a scheme-relative url', { url: '//evil.example/x' }, 'url', 'Enter an app path such as /timetable or an https address.'],
    ['a path a browser reads as off-site (a tab)', { url: '/\t/evil.example' }, 'url', 'Enter an app path such as /timetable or an https address.'],
    ['a path a browser reads as off-site (a backslash)', { url: '/\\evil.example' }, 'url', 'Enter an app path such as /timetable or an https address.'],
    ['a path with a line break', { url: '/\n/evil.example' }, 'url', 'Enter an app path such as /timetable or an https address.'],
    // A function: the time is read from the app's clock when the test runs.
    ['a send time an hour ago', () => ({ sendAt: new Date(t.clock.nowMs() - 3_600_000).toISOString() }), 'sendAt', 'Choose a time in the future, or send it now.'],
    ['a user name nobody has', { audience: { userNames: ['student', 'nobody.here'] } }, 'audience.userNames', 'No user has the user name nobody.here.'],
    ['a directory group that does not exist', { audience: { adGroupRowIds: [999_999] } }, 'audience.adGroupRowIds', 'These directory groups do not exist: 999999.'],
  ])('refuses %s with a 400 in the SPEC §8 shape, storing nothing', async (_name, overrides, field, message) => {
    const response = await create(compose((typeof overrides === 'function' ? overrides() : overrides) as Partial<ComposeNotification>));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(typeof body.message).toBe('string');
    expect(body.errors[field]).toEqual([message]);
    expect(await t.db.selectFrom('admin_notifications').select('id').execute()).toEqual([]);
  });

  it('accepts a title of 200 and a body of 3,500 characters, an app path and an https url', async () => {
    for (const url of ['/timetable', 'https://www.example.ac.uk/news']) {
      const response = await create(compose({ title: 't'.repeat(200), body: 'b'.repeat(3500), url, audience: { userNames: ['student2'] } }));
      expect(response.statusCode).toBe(200);
      expect(response.json<AdminNotification>()).toMatchObject({ status: 'Sent', url, recipients: 1 });
    }
  });
});

describe('admin notifications: sending now', () => {
  it('gives each Student a copy with their first name, no one else, and audits it', async () => {
    const students = await t.db.selectFrom('user_roles').select('user_id').where('role', '=', 'Student').execute();
    const response = await create(compose({ title: 'Hello {FIRSTNAME}', body: 'Dear {FIRSTNAME}, welcome back.', url: '/timetable' }));
    expect(response.statusCode).toBe(200);
    const sent = response.json<AdminNotification>();
    expect(sent).toMatchObject({ status: 'Sent', recipients: students.length, readCount: 0, readRate: 0, createdBy: 'admin' });

    const [newest] = await inbox(student);
    expect(newest).toMatchObject({ title: 'Hello Amara', body: 'Dear Amara, welcome back.', url: '/timetable', notificationType: 'General', isRead: false });
    expect((await inbox(lecturer)).some((n) => n.title.startsWith('Hello'))).toBe(false);

    const audit = (await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'admin.notification.send').execute()).filter(
      (entry) => (entry.detail as { target?: { id?: number } }).target?.id === sent.rowId,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.user_id).toBe(await idOf(t.db, 'admin'));
    expect(audit[0]?.detail).toMatchObject({ target: { type: 'adminNotification', id: sent.rowId }, after: { title: 'Hello {FIRSTNAME}', status: 'Sending' } });

    // Reading it moves the read count and rate in the history.
    expect((await t.call(markAsReadRoute, { as: student, body: [newest?.rowId] })).statusCode).toBeLessThan(300);
    const item = (await history()).find((n) => n.rowId === sent.rowId);
    expect(item).toMatchObject({ readCount: 1, readRate: 1 / students.length });
  });

  it('reaches the users matching an audience rule, and refuses a rule that does not exist', async () => {
    const { id: ruleId } = await t.db
      .insertInto('audience_rules')
      .values({ name: 'Teaching staff (notification test)', roles: ['TeachingStaff'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const teaching = await t.db.selectFrom('user_roles').select('user_id').where('role', '=', 'TeachingStaff').execute();
    const response = await create(compose({ title: 'Staff meeting', audience: { ruleRowIds: [ruleId] } }));
    expect(response.json<AdminNotification>()).toMatchObject({ status: 'Sent', recipients: teaching.length });
    expect((await inbox(lecturer))[0]?.title).toBe('Staff meeting');
    expect((await inbox(student)).some((n) => n.title === 'Staff meeting')).toBe(false);

    const unknown = await create(compose({ audience: { ruleRowIds: [ruleId, 999_999] } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { 'audience.ruleRowIds': ['These rules do not exist: 999999.'] } });
  });

  it('counts recipients live, naming unknown users', async () => {
    const response = await t.call(countRecipientsRoute, { as: admin, body: { audience: { roles: ['TeachingStaff'], userNames: ['student', 'ghost'] } } });
    const teaching = await t.db.selectFrom('user_roles').select('user_id').where('role', '=', 'TeachingStaff').execute();
    expect(response.json()).toEqual({ count: teaching.length + 1, unknownUserNames: ['ghost'] });
    const everyone = await t.db.selectFrom('users').select('id').execute();
    expect((await t.call(countRecipientsRoute, { as: admin, body: { audience: {} } })).json()).toEqual({ count: everyone.length, unknownUserNames: [] });
  });

  it('queues a push only to devices whose owner allowed the type; everyone still gets it in the list', async () => {
    const general = fakeWebPush();
    const timetable = fakeWebPush();
    expect((await subscribe(t.app, student, subscribeBody(general, ['General']))).statusCode).toBeLessThan(300);
    const student2 = await t.signIn('student2');
    expect((await subscribe(t.app, student2, subscribeBody(timetable, ['General', 'Timetable']))).statusCode).toBeLessThan(300);
    const sends = vi.spyOn(t.app.notifier.push, 'send').mockImplementation(async (deliveries: readonly PushDelivery[]) => deliveries.length);
    try {
      const response = await create(compose({ title: 'Room change', notificationType: 'Timetable', audience: { userNames: ['student', 'student2'] } }));
      expect(response.statusCode).toBe(200);
      const deliveries = sends.mock.calls.flatMap(([batch]) => batch);
      expect(deliveries.map((d) => d.target.endpoint)).toEqual([timetable.endpoint]);
      expect(deliveries[0]?.payload).toMatchObject({ title: 'Room change', type: 'Timetable' });
    } finally {
      sends.mockRestore();
    }
    expect((await inbox(student))[0]).toMatchObject({ title: 'Room change', notificationType: 'Timetable' });
    expect((await inbox(student2))[0]).toMatchObject({ title: 'Room change', notificationType: 'Timetable' });
  });
});

describe('admin notifications: scheduled ones', () => {
  it('can be edited and cancelled until sent, each change audited; a cancelled one cannot be edited', async () => {
    const created = (await create(compose({ title: 'Exam timetable', sendAt: inFuture(3_600_000) }))).json<AdminNotification>();
    expect(created).toMatchObject({ status: 'Scheduled', recipients: 0, readRate: null });
    expect((await inbox(student)).some((n) => n.title === 'Exam timetable')).toBe(false);

    const edited = await t.call(updateAdminNotificationRoute, {
      as: admin,
      params: { rowId: created.rowId },
      body: compose({ title: 'Exam timetable published', sendAt: inFuture(7_200_000), audience: { roles: ['TeachingStaff'] } }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AdminNotification>()).toMatchObject({ status: 'Scheduled', title: 'Exam timetable published', audience: { roles: ['TeachingStaff'] } });

    const cancelled = await t.call(cancelAdminNotificationRoute, { as: admin, params: { rowId: created.rowId } });
    expect(cancelled.json<AdminNotification>()).toMatchObject({ status: 'Cancelled' });
    const again = await t.call(updateAdminNotificationRoute, { as: admin, params: { rowId: created.rowId }, body: compose({ sendAt: inFuture(60_000) }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: { rowId: [expect.stringContaining('Only a scheduled notification')] } });

    const actions = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('action', 'like', 'admin.notification.%').orderBy('id').execute();
    const mine = actions.filter((a) => (a.detail as { target?: { id: number } }).target?.id === created.rowId);
    expect(mine.map((a) => a.action)).toEqual(['admin.notification.schedule', 'admin.notification.update', 'admin.notification.cancel']);
    expect(mine[1]?.detail).toMatchObject({ before: { title: 'Exam timetable' }, after: { title: 'Exam timetable published' } });
  });

  it('answers 404 for a notification that does not exist and 409 for cancelling a sent one', async () => {
    expect((await t.call(cancelAdminNotificationRoute, { as: admin, params: { rowId: 999_999 } })).statusCode).toBe(404);
    const sent = (await create(compose({ audience: { userNames: ['student2'] } }))).json<AdminNotification>();
    expect((await t.call(cancelAdminNotificationRoute, { as: admin, params: { rowId: sent.rowId } })).statusCode).toBe(409);
  });

  it('an edit without a send time sends it at once', async () => {
    const created = (await create(compose({ title: 'Later', sendAt: inFuture(3_600_000), audience: { userNames: ['student2'] } }))).json<AdminNotification>();
    const now = await t.call(updateAdminNotificationRoute, { as: admin, params: { rowId: created.rowId }, body: compose({ title: 'Now instead', audience: { userNames: ['student2'] } }) });
    expect(now.json<AdminNotification>()).toMatchObject({ status: 'Sent', recipients: 1 });
  });
});
