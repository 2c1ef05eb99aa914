import { describe, expect, it, vi } from 'vitest';
import { webPushToken } from '../../../../src/server/features/notifications/subscriptions.service';
import { base64UrlToBytes, bytesToBase64Url } from '../../../../src/app/features/pushSubscription/base64Url';
import { chooseProvider } from '../../../../src/app/features/pushSubscription/chooseProvider';
import { webPushTokenOf } from '../../../../src/app/features/pushSubscription/deviceToken';
import type { FirebaseDeps } from '../../../../src/app/features/pushSubscription/firebaseProvider';
import { PushTokenError } from '../../../../src/app/features/pushSubscription/tokenProvider';

// An uncompressed P-256 point, like the server's VAPID key (65 bytes, 0x04 first).
const vapidKey = bytesToBase64Url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)));
const otherKey = bytesToBase64Url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 200 - i)));
const firebase = {
  config: { apiKey: 'AIza-test', projectId: 'campus-test', messagingSenderId: '1234567890', appId: '1:1234567890:web:abc' },
  vapidKey: 'BFirebaseKey',
};

/** A browser push subscription as PushManager hands it out. */
function fakeSubscription(endpoint: string, key: string) {
  return {
    endpoint,
    options: { applicationServerKey: base64UrlToBytes(key).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BP256dh', auth: 'authSecret' } }),
    getKey: () => null,
    unsubscribe: vi.fn(async () => true),
  };
}

function fakeRegistration(existing: ReturnType<typeof fakeSubscription> | null) {
  let current = existing;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      current = fakeSubscription('https://push.example/new-device', bytesToBase64Url(options.applicationServerKey as Uint8Array));
      return current;
    }),
  };
  return { registration: { pushManager } as unknown as ServiceWorkerRegistration, pushManager };
}

function fakeFirebaseSdk({ token = 'fcm-registration-token', fails = false } = {}) {
  return {
    isSupported: vi.fn(async () => true),
    getApps: vi.fn(() => []),
    initializeApp: vi.fn((_config: object, name: string) => ({ name })),
    getMessaging: vi.fn(() => ({ messaging: true })),
    getToken: vi.fn(async () => {
      if (fails) throw new Error('messaging/token-subscribe-failed');
      return token;
    }),
    deleteToken: vi.fn(async () => true),
  };
}

function deps(registration: ServiceWorkerRegistration, sdk = fakeFirebaseSdk(), permission: NotificationPermission = 'granted') {
  const loadSdk = vi.fn(async () => sdk);
  const value: FirebaseDeps = {
    registration: async () => registration,
    existingRegistration: async () => registration,
    loadSdk: loadSdk as unknown as FirebaseDeps['loadSdk'],
    permission: () => permission,
  };
  return { deps: value, loadSdk, sdk };
}

describe('the Web Push device token', () => {
  it('is base64url(SHA-256(endpoint)), exactly as the server derives it', async () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:APA91b', 'http://127.0.0.1:8728/notify/xyz', 'https://wns2.notify.windows.com/w/?token=a%2Bb']) {
      expect(await webPushTokenOf(endpoint)).toBe(webPushToken(endpoint));
    }
    expect(await webPushTokenOf('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });

  it('round-trips base64url', () => {
    const bytes = Uint8Array.from([0, 250, 251, 252, 253, 254, 255, 62, 63]);
    expect(base64UrlToBytes(bytesToBase64Url(bytes))).toEqual(bytes);
    expect(bytesToBase64Url(bytes)).not.toMatch(/[+/=]/);
  });
});

describe('choosing the provider from the server’s push config', () => {
  it('uses Web Push and never loads Firebase when the server says webpush', async () => {
    const { registration, pushManager } = fakeRegistration(null);
    const { deps: d, loadSdk } = deps(registration);
    const provider = chooseProvider({ provider: 'webpush', vapidPublicKey: vapidKey }, d);
    expect(provider.name).toBe('webpush');

    const device = await provider.subscribe();

    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(vapidKey) });
    expect(device).toEqual({
      token: webPushToken('https://push.example/new-device'),
      webPush: { endpoint: 'https://push.example/new-device', keys: { p256dh: 'BP256dh', auth: 'authSecret' } },
    });
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('uses Firebase, loaded only when a token is needed, when the server says fcm', async () => {
    const { registration } = fakeRegistration(null);
    const { deps: d, loadSdk, sdk } = deps(registration);
    const provider = chooseProvider({ provider: 'fcm', vapidPublicKey: vapidKey, firebase }, d);
    expect(provider.name).toBe('fcm');
    expect(loadSdk).not.toHaveBeenCalled();

    expect(await provider.subscribe()).toEqual({ token: 'fcm-registration-token' });
    expect(sdk.initializeApp).toHaveBeenCalledWith(firebase.config, expect.any(String));
    expect(sdk.getToken).toHaveBeenCalledWith({ messaging: true }, { vapidKey: 'BFirebaseKey', serviceWorkerRegistration: registration });
  });
});

describe('Web Push provider', () => {
  it('reuses a subscription made for the server’s key', async () => {
    const existing = fakeSubscription('https://push.example/known', vapidKey);
    const { registration, pushManager } = fakeRegistration(existing);
    const provider = chooseProvider({ provider: 'webpush', vapidPublicKey: vapidKey }, deps(registration).deps);
    expect((await provider.subscribe()).webPush?.endpoint).toBe('https://push.example/known');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(await provider.current()).toMatchObject({ token: webPushToken('https://push.example/known') });
  });

  it('replaces a subscription made for another key', async () => {
    const stale = fakeSubscription('https://push.example/stale', otherKey);
    const { registration, pushManager } = fakeRegistration(stale);
    const provider = chooseProvider({ provider: 'webpush', vapidPublicKey: vapidKey }, deps(registration).deps);
    expect((await provider.subscribe()).webPush?.endpoint).toBe('https://push.example/new-device');
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('has no current device without a subscription, and unsubscribes the browser’s', async () => {
    const { registration } = fakeRegistration(null);
    const provider = chooseProvider({ provider: 'webpush', vapidPublicKey: vapidKey }, deps(registration).deps);
    expect(await provider.current()).toBeNull();
    const existing = fakeSubscription('https://push.example/known', vapidKey);
    const withOne = fakeRegistration(existing);
    await chooseProvider({ provider: 'webpush', vapidPublicKey: vapidKey }, deps(withOne.registration).deps).unsubscribe();
    expect(existing.unsubscribe).toHaveBeenCalled();
  });
});

describe('Firebase provider', () => {
  it('says “Failed to get Firebase token” when getToken fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { registration } = fakeRegistration(null);
    const provider = chooseProvider({ provider: 'fcm', vapidPublicKey: vapidKey, firebase }, deps(registration, fakeFirebaseSdk({ fails: true })).deps);
    const failure = provider.subscribe();
    await expect(failure).rejects.toBeInstanceOf(PushTokenError);
    await expect(failure).rejects.toThrow('Failed to get Firebase token');
  });

  it('finds no current token without permission or a browser subscription, and never prompts for one', async () => {
    const { registration } = fakeRegistration(null);
    const withoutPermission = deps(registration, fakeFirebaseSdk(), 'default');
    expect(await chooseProvider({ provider: 'fcm', vapidPublicKey: vapidKey, firebase }, withoutPermission.deps).current()).toBeNull();
    expect(withoutPermission.loadSdk).not.toHaveBeenCalled();
    const withPermission = deps(registration);
    expect(await chooseProvider({ provider: 'fcm', vapidPublicKey: vapidKey, firebase }, withPermission.deps).current()).toBeNull();
    expect(withPermission.sdk.getToken).not.toHaveBeenCalled();
  });

  it('reads the current token of a subscribed device and deletes it on unsubscribe', async () => {
    const { registration } = fakeRegistration(fakeSubscription('https://fcm.googleapis.com/fcm/send/x', firebase.vapidKey));
    const { deps: d, sdk } = deps(registration);
    const provider = chooseProvider({ provider: 'fcm', vapidPublicKey: vapidKey, firebase }, d);
    expect(await provider.current()).toEqual({ token: 'fcm-registration-token' });
    await provider.unsubscribe();
    expect(sdk.deleteToken).toHaveBeenCalledWith({ messaging: true });
  });
});
