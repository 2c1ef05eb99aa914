import webPush from 'web-push';
import { notificationTag } from '../../shared/rules/notificationTag.js';
import { queueTimeAfter } from '../clock.js';
import type { AllowedOrigins } from './allowedOrigins.js';
import { retryAfterMs, type PushOutcome, type PushPayload, type PushProvider, type PushTarget } from './pushProvider.js';
import type { VapidKeys } from './vapidKeys.js';

export interface WebPushOptions {
  readonly keys: VapidKeys;
  /** The VAPID `sub` claim. */
  readonly subject: string;
  readonly allowedOrigins: AllowedOrigins;
  /** How long a push service keeps an undelivered message (the TTL header), seconds. */
  readonly ttlSeconds?: number;
  /** How long one request may take. */
  readonly timeoutMs?: number;
}

/**
 * Standard Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload (RFC 8291); the
 * notification's row id names the message's Topic.
 * `web-push` signs and encrypts; the request itself goes through `fetch`, which never follows a
 * redirect here, so a message only ever reaches an endpoint on an allowed origin (checked again
 * at send time: the list may have shrunk since the device subscribed).
 */
export class WebPushProvider implements PushProvider {
  readonly name = 'webpush' as const;

  constructor(private readonly options: WebPushOptions) {}

  async send(target: PushTarget, payload: PushPayload, signal: AbortSignal): Promise<PushOutcome> {
    const { endpoint, p256dh, auth } = target;
    if (!endpoint || !p256dh || !auth) return { kind: 'failed', reason: 'the subscription has no endpoint or keys' };
    if (!this.options.allowedOrigins.allows(endpoint)) return { kind: 'failed', reason: 'the endpoint is not on an allowed push service' };
    const { keys, subject, ttlSeconds = 24 * 60 * 60, timeoutMs = 10_000 } = this.options;
    const request = webPush.generateRequestDetails({ endpoint, keys: { p256dh, auth } }, JSON.stringify(payload), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: ttlSeconds,
      urgency: 'normal',
      // A copy of this message still waiting at the push service (a send retried after a crash)
      // is replaced rather than delivered twice (RFC 8030 §5.4).
      topic: notificationTag(payload.rowId),
    });
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.body?.cancel();
    } catch (error) {
      if (signal.aborted) return { kind: 'failed', reason: 'stopped' };
      return { kind: 'retry', reason: error instanceof Error ? error.message : 'network error' };
    }
    return outcomeOf(response.status, response.headers.get('retry-after'), response.headers.get('date'));
  }
}

/** What a push service's status means for the device (RFC 8030 §5, §8.4). */
export function outcomeOf(status: number, retryAfter: string | null, date: string | null = null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500) {
    // An HTTP-date Retry-After is the push service's real time: measured from its own Date header
    // (RFC 9110 §10.2.3), else from the real time the job queue schedules the retry on.
    const sentAt = date ? Date.parse(date) : Number.NaN;
    const delay = retryAfterMs(retryAfter, Number.isNaN(sentAt) ? queueTimeAfter(0).getTime() : sentAt);
    return { kind: 'retry', reason: `push service answered ${status}`, ...(delay === undefined ? {} : { retryAfterMs: delay }) };
  }
  return { kind: 'failed', reason: `push service answered ${status}` };
}
