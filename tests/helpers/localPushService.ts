import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pushApiModel from 'web-push-testing/src/PushApiModel.js';
import WebPushTestingServer from 'web-push-testing/src/server.js';

/** A browser's push subscription as the local push service hands it out. */
export interface LocalSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  /** The service's id of this subscription. */
  readonly clientHash: string;
}

/**
 * A real Web Push service on a free local port (`web-push-testing`, in-process): it hands out
 * subscriptions for an applicationServerKey, verifies each push's VAPID JWT (ES256, against
 * that key), decrypts the aes128gcm payload with the subscription's private key, keeps the
 * plaintexts, and answers 410 for a subscription marked expired.
 */
export interface LocalPushService {
  /** e.g. http://127.0.0.1:41234; add it to PUSH_ALLOWED_ORIGINS. */
  readonly origin: string;
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The decrypted payloads received for a subscription, oldest first. */
  messages(subscription: LocalSubscription): Promise<string[]>;
  /** From now on the service answers 410 Gone for this subscription. */
  expire(subscription: LocalSubscription): Promise<void>;
  close(): Promise<void>;
}

async function call<T>(origin: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`local push service ${path}: ${response.status} ${await response.text()}`);
  return (response.headers.get('content-type')?.includes('json') ? await response.json() : undefined) as T;
}

/** The client of a local push service listening at `origin` (in this process or another); `close` stops it. */
export function localPushServiceAt(origin: string, close: () => Promise<void>): LocalPushService {
  return {
    origin,
    subscribe: async (applicationServerKey) =>
      (await call<{ data: LocalSubscription }>(origin, '/subscribe', { applicationServerKey, userVisibleOnly: 'true' })).data,
    messages: async ({ clientHash }) =>
      (await call<{ data: { messages: string[] } }>(origin, '/get-notifications', { clientHash })).data.messages,
    expire: async ({ clientHash }) => {
      await call(origin, `/expire-subscription/${clientHash}`, {});
    },
    close,
  };
}

/** Starts the service on 127.0.0.1: on `port` when given (so a server's env can name it up front), else a free one. */
export async function startLocalPushService({ port = 0 }: { port?: number } = {}): Promise<LocalPushService> {
  const model = new pushApiModel.PushApiModel();
  const service = new WebPushTestingServer(model, port);
  service.setRequestHandlers();
  const server = service._app.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${origin}/notify/`;
  return localPushServiceAt(origin, async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });
}
