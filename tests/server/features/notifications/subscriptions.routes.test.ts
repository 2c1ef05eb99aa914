import { beforeAll, describe, expect, it } from 'vitest';
import { pushConfigRoute, unsubscribeRoute } from '../../../../src/shared/contract/notifications.js';
import { buildApp } from '../../../../src/server/app.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { fakeWebPush, getSubscription, subscribe, subscribeBody } from './support.js';

const t = useTestApp();
let student: Caller;
let student2: Caller;
let lecturer: Caller;
let staff: Caller;

beforeAll(async () => {
  [student, student2, lecturer, staff] = await Promise.all(['student', 'student2', 'lecturer', 'staff'].map((name) => t.signIn(name))) as [Caller, Caller, Caller, Caller];
});

const errorsOf = (body: string): Record<string, string[]> => (JSON.parse(body) as { errors: Record<string, string[]> }).errors;

describe('notification types by role (SPEC §6)', () => {
  it('lets a student subscribe to General, Timetable and Attendance', async () => {
    const response = await subscribe(t.app, student, subscribeBody(fakeWebPush(), ['Attendance', 'General', 'Timetable', 'General']));
    expect(response.statusCode).toBe(200);
    expect(response.json().subscriptionNotificationTypes).toEqual([
      { notificationType: 'General' }, { notificationType: 'Timetable' }, { notificationType: 'Attendance' },
    ]);
  });

  it('refuses Attendance to teaching staff', async () => {
    const response = await subscribe(t.app, lecturer, subscribeBody(fakeWebPush(), ['General', 'Attendance']));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body).subscriptionNotificationTypes?.[0]).toMatch(/Attendance/);
    expect((await subscribe(t.app, lecturer, subscribeBody(fakeWebPush(), ['General', 'Timetable']))).statusCode).toBe(200);
  });

  it('gives staff without a teaching role General only', async () => {
    for (const type of ['Timetable', 'Attendance'] as const) {
      const response = await subscribe(t.app, staff, subscribeBody(fakeWebPush(), ['General', type]));
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response.body)).toHaveProperty('subscriptionNotificationTypes');
    }
    expect((await subscribe(t.app, staff, subscribeBody(fakeWebPush(), ['General']))).statusCode).toBe(200);
  });

  it('refuses an update that adds a type outside the role, and keeps the old types', async () => {
    const webPush = fakeWebPush();
    await subscribe(t.app, lecturer, subscribeBody(webPush, ['General']));
    const response = await subscribe(t.app, lecturer, { ...subscribeBody(webPush, ['Attendance']), webPush: undefined }, 'PUT');
    expect(response.statusCode).toBe(400);
    const current = await getSubscription(t.app, lecturer, subscribeBody(webPush, []).token);
    expect(current.json().subscriptionNotificationTypes).toEqual([{ notificationType: 'General' }]);
  });
});

describe('push service endpoints', () => {
  it.each([
    ['an arbitrary host', 'https://attacker.example/collect'],
    ['an internal address', 'http://127.0.0.1:5432/notify/x'],
    ['a look-alike host', 'https://fcm.googleapis.com.attacker.example/fcm/send/x'],
  ])('refuses %s with the error shape', async (_what, endpoint) => {
    const response = await subscribe(t.app, student, subscribeBody({ ...fakeWebPush(), endpoint }, ['General']));
    expect(response.statusCode).toBe(400);
    const body = JSON.parse(response.body) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBeTypeOf('string');
    expect(body.errors['webPush.endpoint']).toHaveLength(1);
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute()).toEqual([]);
  });

  it('accepts a subdomain of a wildcard origin (Windows)', async () => {
    const response = await subscribe(t.app, student, subscribeBody(fakeWebPush('https://wns2-db5p.notify.windows.com'), ['General']));
    expect(response.statusCode).toBe(200);
  });

  it('requires the token to be derived from the endpoint', async () => {
    const response = await subscribe(t.app, student, { ...subscribeBody(fakeWebPush(), ['General']), token: 'chosen-by-the-client' });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toHaveProperty('token');
  });

  it('requires a Web Push subscription for a new device when FCM is not configured', async () => {
    const response = await subscribe(t.app, student, { token: 'an-fcm-token', subscriptionNotificationTypes: [{ notificationType: 'General' }] });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toHaveProperty('webPush');
  });

  it('serves the VAPID public key: an uncompressed P-256 point, the same after a restart', async () => {
    const response = await t.call(pushConfigRoute, { as: student });
    const { provider, vapidPublicKey: publicKey } = response.json<{ provider: string; vapidPublicKey: string }>();
    expect(provider).toBe('webpush');
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const restarted = await buildApp({ config: t.config, db: t.db });
    expect(restarted.notifier.push.vapidPublicKey).toBe(publicKey);
    await restarted.close();
  });
});

describe('subscriptions are per user', () => {
  it('reads a subscription back by token for its owner only', async () => {
    const body = subscribeBody(fakeWebPush(), ['General', 'Timetable']);
    await subscribe(t.app, student, body);
    const own = await getSubscription(t.app, student, body.token);
    expect(own.json()).toEqual({ token: body.token, subscriptionNotificationTypes: [{ notificationType: 'General' }, { notificationType: 'Timetable' }] });
    const other = await getSubscription(t.app, student2, body.token);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toBeNull();
    expect((await getSubscription(t.app, student, 'unknown-token')).json()).toBeNull();
  });

  it('updates types with PUT for the owner; another user gets 404 and changes nothing', async () => {
    const body = subscribeBody(fakeWebPush(), ['General']);
    await subscribe(t.app, student, body);
    const update = { token: body.token, subscriptionNotificationTypes: [{ notificationType: 'General' }, { notificationType: 'Attendance' }] };
    expect((await subscribe(t.app, student2, update, 'PUT')).statusCode).toBe(404);
    expect((await getSubscription(t.app, student, body.token)).json().subscriptionNotificationTypes).toEqual([{ notificationType: 'General' }]);
    const updated = await subscribe(t.app, student, update, 'PUT');
    expect(updated.statusCode).toBe(200);
    expect((await getSubscription(t.app, student, body.token)).json().subscriptionNotificationTypes).toEqual([
      { notificationType: 'General' }, { notificationType: 'Attendance' },
    ]);
  });

  it('unsubscribes only the caller\'s own device, idempotently', async () => {
    const body = subscribeBody(fakeWebPush(), ['General']);
    await subscribe(t.app, student, body);
    const unsubscribe = (caller: Caller) =>
      t.call(unsubscribeRoute, { body: { token: body.token }, as: caller });
    expect((await unsubscribe(student2)).statusCode).toBe(204);
    expect((await getSubscription(t.app, student, body.token)).json()).not.toBeNull();
    expect((await unsubscribe(student)).statusCode).toBe(204);
    expect((await getSubscription(t.app, student, body.token)).json()).toBeNull();
    expect((await unsubscribe(student)).statusCode).toBe(204);
  });

  it('moves a shared browser\'s device to the user who subscribes it next', async () => {
    const webPush = fakeWebPush();
    const body = subscribeBody(webPush, ['General', 'Attendance']);
    await subscribe(t.app, student, body);
    expect((await subscribe(t.app, student2, subscribeBody(webPush, ['General']))).statusCode).toBe(200);
    expect((await getSubscription(t.app, student, body.token)).json()).toBeNull();
    expect((await getSubscription(t.app, student2, body.token)).json().subscriptionNotificationTypes).toEqual([{ notificationType: 'General' }]);
  });
});
