import type { BrowserContext } from '@playwright/test';
import type { LocalPushService, LocalSubscription } from '../../tests/helpers/localPushService';

/**
 * Stands in for the browser's own push service, and nothing else. Chromium's push service is
 * Google's FCM, which this machine cannot reach, so `pushManager.subscribe()` would never settle.
 * This replaces only PushManager.prototype.subscribe and getSubscription in the page: they ask
 * the test (through a binding) for a subscription from the real local Web Push service, whose
 * endpoint and keys the app then sends to its server as usual. The subscription lives in the test,
 * so it survives reloads, and unsubscribe() forgets it.
 */
export interface LocalPushShim {
  /** The subscription the page holds now, if any. */
  current(): LocalSubscription | undefined;
}

interface ShimSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly applicationServerKey: string;
}

export async function installLocalPushShim(context: BrowserContext, pushService: LocalPushService): Promise<LocalPushShim> {
  let current: (LocalSubscription & { applicationServerKey: string }) | undefined;
  const forPage = (subscription: typeof current): ShimSubscription | null =>
    subscription ? { endpoint: subscription.endpoint, keys: subscription.keys, applicationServerKey: subscription.applicationServerKey } : null;

  await context.exposeBinding('__localPushSubscribe', async (_source, applicationServerKey: string) => {
    if (current?.applicationServerKey !== applicationServerKey) {
      current = { ...(await pushService.subscribe(applicationServerKey)), applicationServerKey };
    }
    return forPage(current);
  });
  await context.exposeBinding('__localPushCurrent', () => forPage(current));
  await context.exposeBinding('__localPushUnsubscribe', () => {
    const had = current !== undefined;
    current = undefined;
    return had;
  });

  await context.addInitScript(() => {
    if (!('PushManager' in window)) return;
    interface Shim {
      endpoint: string;
      keys: { p256dh: string; auth: string };
      applicationServerKey: string;
    }
    const bindings = window as unknown as {
      __localPushSubscribe(key: string): Promise<Shim | null>;
      __localPushCurrent(): Promise<Shim | null>;
      __localPushUnsubscribe(): Promise<boolean>;
    };
    const toBase64Url = (source: BufferSource): string => {
      const bytes = source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
      return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    };
    const fromBase64Url = (text: string): ArrayBuffer => {
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
      return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
    };
    const subscriptionOf = (shim: Shim | null) =>
      shim && {
        endpoint: shim.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(shim.applicationServerKey) },
        getKey: (name: 'p256dh' | 'auth') => fromBase64Url(shim.keys[name]),
        toJSON: () => ({ endpoint: shim.endpoint, expirationTime: null, keys: { ...shim.keys } }),
        unsubscribe: () => bindings.__localPushUnsubscribe(),
      };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!key) throw new DOMException('applicationServerKey is required', 'NotSupportedError');
      const shim = await bindings.__localPushSubscribe(typeof key === 'string' ? key : toBase64Url(key));
      return subscriptionOf(shim) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return subscriptionOf(await bindings.__localPushCurrent()) as unknown as PushSubscription | null;
    };
  });

  return { current: () => current };
}
