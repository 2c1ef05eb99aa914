import { describe, expect, it } from 'vitest';
import { pushConfigRoute } from '../../../../src/shared/contract/notifications.js';
import { loadConfig } from '../../../../src/server/config.js';
import { pushConfigOf } from '../../../../src/server/features/notifications/pushConfig.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const webConfig = { apiKey: 'AIza-test', projectId: 'campus-test', messagingSenderId: '1234567890', appId: '1:1234567890:web:abc' };
const firebaseEnv = {
  FCM_SERVICE_ACCOUNT_JSON: '{"type":"service_account"}',
  FIREBASE_WEB_CONFIG: JSON.stringify(webConfig),
  FIREBASE_WEB_VAPID_KEY: 'BFirebaseWebPushCertificateKey_-',
};

describe('FIREBASE_WEB_CONFIG and FIREBASE_WEB_VAPID_KEY', () => {
  it('are off by default', () => {
    expect(loadConfig({}).push.firebaseWeb).toBeUndefined();
  });

  it('are read together, with the service account', () => {
    expect(loadConfig(firebaseEnv).push.firebaseWeb).toEqual({ config: webConfig, vapidKey: firebaseEnv.FIREBASE_WEB_VAPID_KEY });
  });

  it('refuse to start half configured, without FCM, or with a config lacking fields', () => {
    expect(() => loadConfig({ ...firebaseEnv, FIREBASE_WEB_VAPID_KEY: '' })).toThrow(/set together/);
    expect(() => loadConfig({ ...firebaseEnv, FCM_SERVICE_ACCOUNT_JSON: '' })).toThrow(/FCM_SERVICE_ACCOUNT_JSON/);
    expect(() => loadConfig({ ...firebaseEnv, FIREBASE_WEB_CONFIG: 'not json' })).toThrow(/as JSON/);
    expect(() => loadConfig({ ...firebaseEnv, FIREBASE_WEB_CONFIG: JSON.stringify({ apiKey: 'x' }) })).toThrow(/projectId/);
    expect(() => loadConfig({ ...firebaseEnv, FIREBASE_WEB_VAPID_KEY: 'not a key!' })).toThrow(/FIREBASE_WEB_VAPID_KEY/);
  });
});

describe('pushConfigOf', () => {
  const firebaseWeb = { config: webConfig, vapidKey: 'BKey' };

  it('tells web clients to use FCM only when FCM can send and the web config is there', () => {
    expect(pushConfigOf(firebaseWeb, { hasFcm: true, vapidPublicKey: 'BVapid' })).toEqual({ provider: 'fcm', vapidPublicKey: 'BVapid', firebase: firebaseWeb });
    expect(pushConfigOf(undefined, { hasFcm: true, vapidPublicKey: 'BVapid' })).toEqual({ provider: 'webpush', vapidPublicKey: 'BVapid' });
    expect(pushConfigOf(firebaseWeb, { hasFcm: false, vapidPublicKey: 'BVapid' })).toEqual({ provider: 'webpush', vapidPublicKey: 'BVapid' });
  });
});

describe('GET /api/user/notifications/pushconfig', () => {
  const t = useTestApp();

  it('serves Web Push with the VAPID key when Firebase is not configured', async () => {
    const response = await t.call(pushConfigRoute, { as: await t.signIn('staff') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'webpush', vapidPublicKey: t.app.notifier.push.vapidPublicKey });
  });
});
