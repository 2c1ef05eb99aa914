import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotificationsRoute, pushConfigRoute, type NotificationType } from '../../../src/shared/contract/notifications.js';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../../helpers/localPushService.js';
import type { Caller } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';
import { idOf, subscribe, subscribeBody } from '../features/notifications/support.js';

/**
 * Real Web Push end to end: the app signs (VAPID) and encrypts (aes128gcm); the local push
 * service verifies the signature against the subscription's applicationServerKey and decrypts
 * with the subscription's private key.
 */
let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
});
// Registered before the app, so it stops after the app has closed.
afterAll(async () => {
  await pushService.close();
});
const t = useTestApp({ env: () => ({ PUSH_ALLOWED_ORIGINS: pushService.origin, PUSH_RETRY_BASE_MS: '20' }), runJobs: true });
let vapidKey: string;
const callers = new Map<string, Caller>();

interface Device {
  readonly userName: string;
  readonly types: readonly NotificationType[];
  subscription?: LocalSubscription;
}

const devices: Record<string, Device> = {
  studentPhone: { userName: 'student', types: ['General', 'Timetable'] },
  studentLaptop: { userName: 'student', types: ['General', 'Timetable', 'Attendance'] },
  student2Phone: { userName: 'student2', types: ['General'] },
  lecturerPhone: { userName: 'lecturer', types: ['General', 'Timetable'] },
  adminLaptop: { userName: 'admin', types: ['General'] },
};

const subscriptionOf = (name: string): LocalSubscription => {
  const subscription = devices[name]?.subscription;
  if (!subscription) throw new Error(`${name} is not subscribed`);
  return subscription;
};
const received = async (name: string): Promise<unknown[]> => (await pushService.messages(subscriptionOf(name))).map((m) => JSON.parse(m));

beforeAll(async () => {
  for (const userName of ['student', 'student2', 'lecturer', 'admin']) callers.set(userName, await t.signIn(userName));
  const response = await t.call(pushConfigRoute, { as: callers.get('student') });
  vapidKey = response.json<{ vapidPublicKey: string }>().vapidPublicKey;
  for (const device of Object.values(devices)) {
    device.subscription = await pushService.subscribe(vapidKey);
    const caller = callers.get(device.userName);
    if (!caller) throw new Error(`no caller for ${device.userName}`);
    const subscribed = await subscribe(t.app, caller, subscribeBody(device.subscription, device.types));
    expect(subscribed.statusCode).toBe(200);
  }
});

describe('Web Push through a real local push service', () => {
  it('delivers a notification for a role to exactly the devices of that role subscribed to its type', async () => {
    const message = { title: 'Room change: CS2052 Seminar', body: 'This week\u2019s seminar moves to Group Study Room 1.01.', url: '/timetable' };
    const result = await t.app.notifier.notify({ roles: ['Student'] }, 'Timetable', message);
    await t.app.notifier.push.idle();

    expect(result.devices).toBe(2);
    const list = await t.call(listNotificationsRoute, { as: callers.get('student') });
    const newest = list.json<{ rowId: number; title: string }[]>()[0];
    expect(newest?.title).toBe(message.title);
    const expected = { rowId: newest?.rowId, title: message.title, body: message.body, url: '/timetable', type: 'Timetable' };
    expect(await received('studentPhone')).toEqual([expected]);
    expect(await received('studentLaptop')).toEqual([expected]);
    // student2 is a student without Timetable enabled; the lecturer and admin hold other roles.
    expect(await received('student2Phone')).toEqual([]);
    expect(await received('lecturerPhone')).toEqual([]);
    expect(await received('adminLaptop')).toEqual([]);
  });

  it('sends each user their own row id', async () => {
    await t.app.notifier.notify({ roles: ['Student', 'TeachingStaff'] }, 'General', { title: 'Library opening hours', body: 'Open 24 hours during exams.' });
    await t.app.notifier.push.idle();
    const lecturerRows = await t.db.selectFrom('notifications').select('id').where('user_id', '=', await idOf(t.db, 'lecturer')).where('title', '=', 'Library opening hours').execute();
    const student2Rows = await t.db.selectFrom('notifications').select('id').where('user_id', '=', await idOf(t.db, 'student2')).where('title', '=', 'Library opening hours').execute();
    expect((await received('lecturerPhone')).at(-1)).toMatchObject({ rowId: lecturerRows[0]?.id, type: 'General', url: null });
    expect((await received('student2Phone')).at(-1)).toMatchObject({ rowId: student2Rows[0]?.id, type: 'General' });
    expect(await received('adminLaptop')).toEqual([]);
  });

  it('is refused by the push service when signed with a key other than the subscription\'s', async () => {
    const student2 = callers.get('student2');
    if (!student2) throw new Error('no caller');
    const otherServerKey = webPush.generateVAPIDKeys().publicKey;
    const foreign = await pushService.subscribe(otherServerKey);
    expect((await subscribe(t.app, student2, subscribeBody(foreign, ['General']))).statusCode).toBe(200);
    await t.app.notifier.notify({ userIds: [await idOf(t.db, 'student2')] }, 'General', { title: 'Signed with our key', body: '' });
    await t.app.notifier.push.idle();
    expect(await pushService.messages(foreign)).toEqual([]);
    expect((await received('student2Phone')).at(-1)).toMatchObject({ title: 'Signed with our key' });
    // A refusal (400) is not a dead subscription: the row stays.
    const row = await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', foreign.endpoint).executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('removes a subscription the push service reports expired (410) and keeps delivering to the others', async () => {
    await pushService.expire(subscriptionOf('studentPhone'));
    const before = (await received('studentLaptop')).length;
    const studentId = await idOf(t.db, 'student');
    const result = await t.app.notifier.notify({ userIds: [studentId] }, 'General', { title: 'Careers fair', body: 'Sixty employers on campus.' });
    await t.app.notifier.push.idle();

    expect(result.devices).toBe(2);
    const tokens = await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', studentId).execute();
    expect(tokens.map((row) => row.endpoint)).toEqual([subscriptionOf('studentLaptop').endpoint]);
    expect(await received('studentLaptop')).toHaveLength(before + 1);
  });
});
