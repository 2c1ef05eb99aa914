import { describe, expect, it } from 'vitest';
import { FcmProvider, loadFcmProvider, type FcmMessaging } from '../../../src/server/push/fcm.provider.js';
import type { PushTarget } from '../../../src/server/push/pushProvider.js';

const target: PushTarget = { subscriptionId: 1, provider: 'fcm', token: 'fcm-registration-token', endpoint: null, p256dh: null, auth: null };
const payload = { rowId: 7, title: 'Cancelled: CS2052 Seminar', body: 'Today\u2019s seminar is cancelled.', url: '/timetable', type: 'Timetable' };

function failingWith(code: string): FcmMessaging {
  return { send: () => Promise.reject(Object.assign(new Error(code), { code })) };
}

describe('FCM provider', () => {
  it('sends the payload as string data to the device token', async () => {
    const sent: Parameters<FcmMessaging['send']>[0][] = [];
    const provider = new FcmProvider({ send: async (message) => (sent.push(message), 'projects/p/messages/1') });
    expect(await provider.send(target, payload)).toEqual({ kind: 'delivered' });
    expect(sent[0]).toMatchObject({ token: 'fcm-registration-token', data: { rowId: '7', title: payload.title, body: payload.body, url: '/timetable', type: 'Timetable' } });
    // The Web Push Topic FCM hands on to the browser's push service: a retried copy collapses.
    expect(sent[0]?.webpush?.headers).toMatchObject({ Topic: 'notification-7' });
  });

  it('maps FCM errors: dead tokens are gone, outages retried, the rest failed', async () => {
    expect(await new FcmProvider(failingWith('messaging/registration-token-not-registered')).send(target, payload)).toEqual({ kind: 'gone' });
    expect(await new FcmProvider(failingWith('messaging/server-unavailable')).send(target, payload)).toMatchObject({ kind: 'retry' });
    expect(await new FcmProvider(failingWith('messaging/invalid-argument')).send(target, payload)).toMatchObject({ kind: 'failed' });
  });

  it('tells the operator to install firebase-admin when FCM is configured without it', async () => {
    await expect(loadFcmProvider('{"project_id":"p"}')).rejects.toThrow(/npm install firebase-admin/);
  });
});
