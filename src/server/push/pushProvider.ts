import type { PushProvider as ProviderName } from '../db/schema.domain.js';

/** One device, as stored in push_subscriptions. */
export interface PushTarget {
  readonly subscriptionId: number;
  readonly provider: ProviderName;
  /** The FCM registration token, or for Web Push the id derived from the endpoint. */
  readonly token: string;
  readonly endpoint: string | null;
  readonly p256dh: string | null;
  readonly auth: string | null;
}

/** What the service worker receives (decrypted): enough to show the notification and open it. */
export interface PushPayload {
  readonly rowId: number;
  readonly title: string;
  readonly body: string;
  readonly url: string | null;
  readonly type: string;
}

/**
 * How one send went. `gone`: the push service no longer knows the device (404, 410), so the
 * subscription is removed. `retry`: worth trying again later (429, 5xx, network). `failed`:
 * refused for good (bad request, payload too large, disallowed origin); logged and dropped.
 */
export type PushOutcome =
  | { readonly kind: 'delivered' }
  | { readonly kind: 'gone' }
  | { readonly kind: 'retry'; readonly retryAfterMs?: number; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

/** A push service: standard Web Push with VAPID, or Firebase Cloud Messaging. */
export interface PushProvider {
  readonly name: ProviderName;
  send(target: PushTarget, payload: PushPayload, signal: AbortSignal): Promise<PushOutcome>;
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Push services take about 4 kB of encrypted payload (FCM data likewise); the JSON is kept under
 * this many bytes by shortening the body. The full text is in the notification centre.
 */
export const MAX_PAYLOAD_BYTES = 3000;

const byteLength = (payload: PushPayload): number => Buffer.byteLength(JSON.stringify(payload));

export function fitPayload(payload: PushPayload): PushPayload {
  if (byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  let chars = Array.from(payload.body);
  let fitted = { ...payload, body: '' };
  while (chars.length > 0) {
    fitted = { ...payload, body: `${chars.join('')}…` };
    if (byteLength(fitted) <= MAX_PAYLOAD_BYTES) return fitted;
    chars = chars.slice(0, Math.floor(chars.length * 0.9));
  }
  return { ...payload, body: '' };
}
