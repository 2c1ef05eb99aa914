import type { PushConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { PushProvider as ProviderName } from '../db/schema.domain.js';
import { AllowedOrigins } from './allowedOrigins.js';
import { loadFcmProvider } from './fcm.provider.js';
import type { PushOutcome, PushPayload, PushProvider, PushTarget } from './pushProvider.js';
import { RetryQueue, type JobResult, type Log } from './retryQueue.js';
import { getOrCreateVapidKeys } from './vapidKeys.js';
import { WebPushProvider } from './webPush.provider.js';

/** One message for one device. */
export interface PushDelivery {
  readonly target: PushTarget;
  readonly payload: PushPayload;
}

export interface PushServiceOptions {
  readonly db: Db;
  readonly providers: Partial<Record<ProviderName, PushProvider>>;
  readonly allowedOrigins: AllowedOrigins;
  readonly vapidPublicKey: string;
  readonly log: Log;
  readonly maxAttempts: number;
  readonly retryBaseMs: number;
  readonly queueLimit: number;
}

const CONCURRENCY = 8;
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/**
 * Delivers pushes in the background. `send` queues and returns at once; a worker sends, retries
 * 429/5xx/network failures with backoff, and removes subscriptions the push service has
 * forgotten (404/410). Endpoints and tokens are never logged, only subscription row ids.
 */
export class PushService {
  readonly vapidPublicKey: string;
  readonly allowedOrigins: AllowedOrigins;
  private readonly queue: RetryQueue<PushDelivery>;

  constructor(private readonly options: PushServiceOptions) {
    this.vapidPublicKey = options.vapidPublicKey;
    this.allowedOrigins = options.allowedOrigins;
    this.queue = new RetryQueue((delivery, signal) => this.deliver(delivery, signal), {
      concurrency: CONCURRENCY,
      maxAttempts: options.maxAttempts,
      retryBaseMs: options.retryBaseMs,
      maxDelayMs: MAX_RETRY_DELAY_MS,
      limit: options.queueLimit,
    }, options.log);
  }

  /** Whether device tokens without a Web Push subscription (FCM) can be used. */
  get hasFcm(): boolean {
    return this.options.providers.fcm !== undefined;
  }

  /** Queues the messages; returns how many were accepted. Never waits for a push service. */
  send(deliveries: readonly PushDelivery[]): number {
    return this.queue.enqueue(deliveries);
  }

  /** Resolves when everything queued so far has been sent, retried out or dropped. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  private async deliver({ target, payload }: PushDelivery, signal: AbortSignal): Promise<JobResult> {
    const provider = this.options.providers[target.provider];
    const outcome: PushOutcome = provider
      ? await provider.send(target, payload, signal)
      : { kind: 'failed', reason: `no ${target.provider} provider is configured` };
    const log = { subscriptionId: target.subscriptionId, provider: target.provider };
    switch (outcome.kind) {
      case 'delivered':
        return { retry: false };
      case 'gone':
        await this.options.db
          .deleteFrom('push_subscriptions')
          .where('id', '=', target.subscriptionId)
          .where('token', '=', target.token)
          .execute();
        return { retry: false };
      case 'retry':
        return { retry: true, reason: outcome.reason, ...(outcome.retryAfterMs === undefined ? {} : { afterMs: outcome.retryAfterMs }) };
      case 'failed':
        if (!signal.aborted) this.options.log.warn({ ...log, reason: outcome.reason }, 'push message refused');
        return { retry: false };
    }
  }
}

/** The push service of a running server: VAPID keys from the database, FCM when configured. */
export async function createPushService(db: Db, config: PushConfig, log: Log): Promise<PushService> {
  const keys = await getOrCreateVapidKeys(db);
  const allowedOrigins = new AllowedOrigins(config.allowedOrigins);
  const webpush = new WebPushProvider({ keys, subject: config.vapidSubject, allowedOrigins });
  const fcm = config.fcmServiceAccount ? await loadFcmProvider(config.fcmServiceAccount) : undefined;
  return new PushService({
    db,
    providers: { webpush, ...(fcm ? { fcm } : {}) },
    allowedOrigins,
    vapidPublicKey: keys.publicKey,
    log,
    maxAttempts: config.maxAttempts,
    retryBaseMs: config.retryBaseMs,
    queueLimit: config.queueLimit,
  });
}
