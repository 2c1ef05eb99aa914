import { base64UrlToBytes, bytesToBase64Url } from './base64Url';
import { webPushTokenOf } from './deviceToken';
import type { DeviceSubscription, PushTokenProvider } from './tokenProvider';

export interface WebPushDeps {
  /** The worker registration that receives pushes; a subscription needs one. */
  readonly registration: () => Promise<ServiceWorkerRegistration>;
  /** The registration if there is one, without waiting (for reading the current state). */
  readonly existingRegistration: () => Promise<ServiceWorkerRegistration | undefined>;
}

async function toDevice(subscription: PushSubscription): Promise<DeviceSubscription> {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh ?? bytesOrEmpty(subscription.getKey('p256dh'));
  const auth = json.keys?.auth ?? bytesOrEmpty(subscription.getKey('auth'));
  return {
    token: await webPushTokenOf(subscription.endpoint),
    webPush: { endpoint: subscription.endpoint, keys: { p256dh, auth } },
  };
}

const bytesOrEmpty = (key: ArrayBuffer | null): string => (key ? bytesToBase64Url(key) : '');

/** Whether a subscription was made for this server's key (not an older key, nor Firebase's). */
function isForKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options?.applicationServerKey;
  if (!own) return true; // the browser does not say: trust it
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** Standard Web Push: PushManager.subscribe with the server's VAPID public key. */
export function createWebPushProvider(vapidPublicKey: string, deps: WebPushDeps): PushTokenProvider {
  const applicationServerKey = base64UrlToBytes(vapidPublicKey);
  return {
    name: 'webpush',
    async current() {
      const registration = await deps.existingRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      return subscription ? toDevice(subscription) : null;
    },
    async subscribe() {
      const { pushManager } = await deps.registration();
      const existing = await pushManager.getSubscription();
      if (existing && isForKey(existing, applicationServerKey)) return toDevice(existing);
      // A subscription for another key must go before the browser makes a new one.
      await existing?.unsubscribe();
      return toDevice(await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
    },
    async unsubscribe() {
      const registration = await deps.existingRegistration();
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
    },
  };
}
