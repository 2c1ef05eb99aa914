import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../src/server/jobs/jobQueue.js';
import { AllowedOrigins } from '../../../src/server/push/allowedOrigins.js';
import { PushService, retryDelayMs, type PushDelivery } from '../../../src/server/push/push.service.js';
import type { PushTarget } from '../../../src/server/push/pushProvider.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';
import { idOf } from '../features/notifications/support.js';
import { ScriptedPushService } from './scriptedPushService.js';

/** Push sends as durable jobs, against a scripted push service. */
const silent = { warn: () => {}, error: () => {} };
let database: TestDatabase;
let jobs: JobQueue;
let provider: ScriptedPushService;
let push: PushService;
let userId: number;
let nextRowId = 1;

function makePush(queueLimit = 1000): PushService {
  return new PushService({
    db: database.db,
    providers: { webpush: provider },
    allowedOrigins: new AllowedOrigins(['https://push.example']),
    vapidPublicKey: 'unused',
    log: silent,
    maxAttempts: 3,
    retryBaseMs: 10,
    queueLimit,
    jobs,
  });
}

async function device(): Promise<PushTarget> {
  const token = `device-${Math.random().toString(36).slice(2)}`;
  const row = await database.db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, token, provider: 'webpush', endpoint: `https://push.example/${token}`, p256dh: 'key', auth: 'auth', types: ['General'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { subscriptionId: row.id, provider: 'webpush', token, endpoint: `https://push.example/${token}`, p256dh: 'key', auth: 'auth' };
}

function delivery(target: PushTarget, rowId = nextRowId++): PushDelivery {
  return { target, payload: { rowId, title: 'Title', body: 'Body', url: null, type: 'General' } };
}

beforeAll(async () => {
  database = await createTestDatabase('seeded');
  userId = await idOf(database.db, 'student');
  jobs = new JobQueue(database.db, silent);
  await jobs.start();
  provider = new ScriptedPushService();
  push = makePush();
  await push.startWorker();
});
afterEach(async () => {
  await push.idle();
});
afterAll(async () => {
  push.close();
  await jobs.stop();
  await database.drop();
});

describe('push sends through the job queue', () => {
  it('sends one job per device and retries a 5xx until it is delivered', async () => {
    const [flaky, steady] = [await device(), await device()];
    provider.script(flaky.subscriptionId, [{ kind: 'retry', reason: '503' }, { kind: 'retry', reason: '503' }]);
    expect(await push.send([delivery(flaky), delivery(steady)])).toBe(2);
    await push.idle();
    expect(provider.sendsTo(flaky.subscriptionId)).toHaveLength(3);
    expect(provider.sendsTo(steady.subscriptionId)).toHaveLength(1);
  });

  it('sends a message to a device once even when it is queued twice', async () => {
    const target = await device();
    const message = delivery(target);
    await push.send([message]);
    await push.send([message]);
    await push.idle();
    await push.send([message]);
    await push.idle();
    expect(provider.sendsTo(target.subscriptionId)).toHaveLength(1);
  });

  it('waits at least the push service\'s Retry-After before trying again', async () => {
    const target = await device();
    provider.script(target.subscriptionId, [{ kind: 'retry', reason: '429', retryAfterMs: 1500 }]);
    await push.send([delivery(target)]);
    await push.idle();
    const [first, second] = provider.sendsTo(target.subscriptionId);
    expect(second).toBeDefined();
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1500);
  });

  it('gives up after PUSH_MAX_ATTEMPTS and shows the failure without the endpoint', async () => {
    const target = await device();
    const reason = `push service answered 500 for ${target.endpoint ?? ''}`;
    provider.script(target.subscriptionId, [1, 2, 3, 4].map(() => ({ kind: 'retry', reason }) as const));
    await push.send([delivery(target)]);
    await push.idle();
    expect(provider.sendsTo(target.subscriptionId)).toHaveLength(3);
    const state = await jobs.state();
    const failure = state.lastFailures.find((f) => f.message.startsWith('given up after 3 tries'));
    expect(failure).toMatchObject({ queue: 'push.send' });
    expect(failure?.message).not.toContain(target.token);
    expect(state.queues.find((q) => q.queue === 'push.send')?.failed).toBeGreaterThanOrEqual(1);
  });

  it('removes a device the push service no longer knows (410) and does not retry it', async () => {
    const target = await device();
    provider.script(target.subscriptionId, [{ kind: 'gone' }]);
    await push.send([delivery(target)]);
    await push.idle();
    expect(provider.sendsTo(target.subscriptionId)).toHaveLength(1);
    const row = await database.db.selectFrom('push_subscriptions').select('id').where('id', '=', target.subscriptionId).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('sends nothing to a device removed before its job ran', async () => {
    const target = await device();
    await database.db.deleteFrom('push_subscriptions').where('id', '=', target.subscriptionId).execute();
    await push.send([delivery(target)]);
    await push.idle();
    expect(provider.sendsTo(target.subscriptionId)).toEqual([]);
  });

  it('keeps at most PUSH_QUEUE_LIMIT messages waiting and drops the rest', async () => {
    // A second service on the same queue, not working it: its jobs wait for this file's worker.
    const limited = makePush(2);
    const targets = [await device(), await device(), await device()];
    expect(await limited.send(targets.map((target) => delivery(target)))).toBe(2);
    await push.idle();
    expect(targets.map((target) => provider.sendsTo(target.subscriptionId).length)).toEqual([1, 1, 0]);
  });
});

describe('retry delays', () => {
  it('doubles from the base with jitter, never sooner than Retry-After, at most five minutes', () => {
    expect(retryDelayMs(2, 1000, 0, 1)).toBe(1000);
    expect(retryDelayMs(3, 1000, 0, 1)).toBe(2000);
    expect(retryDelayMs(3, 1000, 0, 0)).toBe(1000);
    expect(retryDelayMs(2, 1000, 60_000, 1)).toBe(60_000);
    expect(retryDelayMs(30, 1000, 0, 1)).toBe(5 * 60_000);
  });
});
