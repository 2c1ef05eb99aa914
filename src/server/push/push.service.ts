import { z } from 'zod/mini';
import { sql } from 'kysely';
import type { PushConfig } from '../config.js';
import { queueTimeAfter } from '../clock.js';
import type { Db } from '../db/database.js';
import type { PushProvider as ProviderName, PushDeliveryOutcome } from '../db/schema.domain.js';
import { jobIdFor, safeMessage, type Job, type JobInsert, type JobQueue } from '../jobs/jobQueue.js';
import { AllowedOrigins } from './allowedOrigins.js';
import { loadFcmProvider } from './fcm.provider.js';
import type { PushOutcome, PushPayload, PushProvider, PushTarget } from './pushProvider.js';
import { getOrCreateVapidKeys } from './vapidKeys.js';
import { WebPushProvider } from './webPush.provider.js';

export interface Log {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

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
  /** The durable queue; pushes are only sent while it runs. */
  readonly jobs: JobQueue;
}

/** The queue of push sends: one job per message and device. */
export const PUSH_QUEUE = 'push.send';
/** Sends worked on at once by one instance. */
const CONCURRENCY = 8;
const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** A send that has not finished in this time is taken as lost (its process died) and tried again. */
const SEND_EXPIRY_SECONDS = 30;

/** What a push job holds: the device by row id and token (its keys are read at send time). */
export interface PushJobData {
  readonly subscriptionId: number;
  readonly token: string;
  readonly payload: PushPayload;
  /** The try this job is, the first being 1. */
  readonly attempt: number;
}

/** Stored with a job that failed for good, so that pg-boss's crash retry does not send it again. */
const finalFailureSchema = z.object({ message: z.optional(z.string()), final: z.literal(true) });

/** Exponential backoff with jitter (half to all of the step), never sooner than Retry-After. */
export function retryDelayMs(attempt: number, retryBaseMs: number, retryAfterMs = 0, random = Math.random()): number {
  const step = Math.min(MAX_RETRY_DELAY_MS, retryBaseMs * 2 ** (attempt - 2));
  return Math.max(retryAfterMs, Math.min(MAX_RETRY_DELAY_MS, step * (0.5 + random / 2)));
}

/** The job id of one try of one message to one device: the same notify twice stores it once. */
export function pushJobId(rowId: number, subscriptionId: number, attempt: number): string {
  return jobIdFor(`push:${rowId}:${subscriptionId}:${attempt}`);
}

/**
 * Delivers pushes through the durable job queue. `send` stores one job per message and device and
 * returns; a worker (on any instance) sends, retries 429/5xx/network failures with backoff (each
 * retry is a new job, never sooner than the service's Retry-After), and removes subscriptions the
 * push service has forgotten (404/410). Endpoints and tokens are never logged, only row ids.
 */
export class PushService {
  readonly vapidPublicKey: string;
  readonly allowedOrigins: AllowedOrigins;
  private readonly controller = new AbortController();

  constructor(private readonly options: PushServiceOptions) {
    this.vapidPublicKey = options.vapidPublicKey;
    this.allowedOrigins = options.allowedOrigins;
  }

  /** Whether device tokens without a Web Push subscription (FCM) can be used. */
  get hasFcm(): boolean {
    return this.options.providers.fcm !== undefined;
  }

  /** Creates the queue and works it on this instance. */
  async startWorker(): Promise<void> {
    const { jobs } = this.options;
    await jobs.createQueue(PUSH_QUEUE, { retryLimit: 1, retryDelay: 0, expireInSeconds: SEND_EXPIRY_SECONDS });
    await jobs.work<PushJobData>(PUSH_QUEUE, CONCURRENCY, (batch) => this.work(batch));
  }

  /**
   * Queues the messages; returns how many were accepted. Never waits for a push service. Beyond
   * PUSH_QUEUE_LIMIT messages waiting, the rest are dropped with a warning. `within` a
   * transaction, the jobs are stored with it: they exist exactly when what it stores (the
   * notifications they push) does.
   */
  async send(deliveries: readonly PushDelivery[], within?: Db): Promise<number> {
    const { jobs, queueLimit, log } = this.options;
    if (deliveries.length === 0) return 0;
    if (!jobs.started) {
      log.warn({ dropped: deliveries.length }, 'push not sent: the job queue is not running');
      return 0;
    }
    const room = Math.max(0, queueLimit - (await jobs.waiting(PUSH_QUEUE)));
    if (deliveries.length > room) log.warn({ dropped: deliveries.length - room, limit: queueLimit }, 'push queue full: messages dropped');
    const accepted = deliveries.slice(0, room);
    await jobs.insert(
      accepted.map(({ target, payload }) => this.jobFor({ subscriptionId: target.subscriptionId, token: target.token, payload, attempt: 1 })),
      within,
    );
    return accepted.length;
  }

  /** Resolves when everything queued so far has been sent, retried out or dropped. */
  idle(): Promise<void> {
    return this.options.jobs.idle(PUSH_QUEUE);
  }

  /** Aborts sends in flight (their jobs are retried by the next worker). */
  close(): void {
    this.controller.abort();
  }

  private jobFor(data: PushJobData, startAfter?: Date): JobInsert {
    return {
      id: pushJobId(data.payload.rowId, data.subscriptionId, data.attempt),
      name: PUSH_QUEUE,
      data,
      retryLimit: 1,
      retryDelay: 0,
      expireInSeconds: SEND_EXPIRY_SECONDS,
      ...(startAfter ? { startAfter } : {}),
    };
  }

  private async work(batch: Job<PushJobData>[]): Promise<void> {
    await Promise.all(batch.map(async (job) => {
      try {
        await this.settle(job);
      } catch (error) {
        // Unexpected (the database): failed, so pg-boss tries it once more.
        this.options.log.error({ err: { message: safeMessage(error) } }, 'push job failed unexpectedly');
        await this.options.jobs.fail(PUSH_QUEUE, job.id, safeMessage(error)).catch(() => {});
      }
    }));
  }

  private async settle(job: Job<PushJobData>): Promise<void> {
    const { db, jobs, maxAttempts, retryBaseMs, log } = this.options;
    const previous = z.safeParse(finalFailureSchema, job.output);
    if (previous.success) {
      // pg-boss retries any failed job while its retry limit allows; this one is over.
      await jobs.fail(PUSH_QUEUE, job.id, previous.data.message ?? 'failed', { final: true });
      return;
    }
    const { subscriptionId, token, payload, attempt } = job.data;
    const target = await db
      .selectFrom('push_subscriptions')
      .select(['id as subscriptionId', 'provider', 'token', 'endpoint', 'p256dh', 'auth'])
      .where('id', '=', subscriptionId)
      .where('token', '=', token)
      .executeTakeFirst();
    if (!target) return; // unsubscribed since: nothing to send
    const outcome = await this.deliver(target, payload);
    switch (outcome.kind) {
      case 'delivered':
        await this.record(payload.rowId, subscriptionId, 'delivered');
        return;
      case 'gone':
        await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).where('token', '=', token).execute();
        await this.record(payload.rowId, subscriptionId, 'failed');
        return;
      case 'retry': {
        if (this.controller.signal.aborted) throw new Error('stopped while sending');
        if (attempt >= maxAttempts) {
          log.warn({ subscriptionId, attempts: attempt, reason: outcome.reason }, 'push message given up');
          await jobs.fail(PUSH_QUEUE, job.id, `given up after ${attempt} tries: ${safeMessage(outcome.reason)}`, { final: true });
          await this.record(payload.rowId, subscriptionId, 'failed');
          return;
        }
        const delay = retryDelayMs(attempt + 1, retryBaseMs, outcome.retryAfterMs);
        await jobs.insert([this.jobFor({ ...job.data, attempt: attempt + 1 }, queueTimeAfter(delay))]);
        return;
      }
      case 'failed':
        if (this.controller.signal.aborted) throw new Error('stopped while sending');
        log.warn({ subscriptionId, provider: target.provider, reason: outcome.reason }, 'push message refused');
        await jobs.fail(PUSH_QUEUE, job.id, `refused: ${safeMessage(outcome.reason)}`, { final: true });
        await this.record(payload.rowId, subscriptionId, 'failed');
        return;
    }
  }

  /**
   * Records how the push of a notification to a device ended, once per device (the admin
   * history's delivered and failed pushes): a send that runs again after a crash records nothing
   * new, except that a delivery outranks an earlier failure. Nothing for a notification since deleted.
   */
  private async record(rowId: number, subscriptionId: number, outcome: PushDeliveryOutcome): Promise<void> {
    await this.options.db
      .insertInto('push_deliveries')
      .columns(['notification_id', 'subscription_id', 'outcome'])
      .expression((eb) =>
        eb
          .selectFrom('notifications')
          .select(['id', sql<number>`${subscriptionId}::int`.as('subscription_id'), sql<PushDeliveryOutcome>`${outcome}::text`.as('outcome')])
          .where('id', '=', rowId),
      )
      .onConflict((oc) => oc.columns(['notification_id', 'subscription_id']).doUpdateSet({ outcome: 'delivered' }).where('excluded.outcome', '=', 'delivered'))
      .execute();
  }

  private async deliver(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const provider = this.options.providers[target.provider];
    if (!provider) return { kind: 'failed', reason: `no ${target.provider} provider is configured` };
    return provider.send(target, payload, this.controller.signal);
  }
}

/** The push service of a running server: VAPID keys from the database, FCM when configured. */
export async function createPushService(db: Db, config: PushConfig, log: Log, jobs: JobQueue, now: Date): Promise<PushService> {
  const keys = await getOrCreateVapidKeys(db, now);
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
    jobs,
  });
}
