import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminNotifications } from '../../../src/server/features/admin/notifications/adminNotifications.service.js';
import { Notifier } from '../../../src/server/features/notifications/notify.service.js';
import { JOB_SCHEMA, JobQueue } from '../../../src/server/jobs/jobQueue.js';
import { AllowedOrigins } from '../../../src/server/push/allowedOrigins.js';
import { PushService, pushJobId } from '../../../src/server/push/push.service.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';
import { idOf } from '../features/notifications/support.js';
import { ScriptedPushService } from './scriptedPushService.js';
import { systemClock } from '../../../src/server/clock.js';

/**
 * The admin history counts devices, not sends: a push sent again after a crash (the push service
 * had already taken it) reaches the same device, and is counted once.
 */
const silent = { warn: () => {}, error: () => {} };
const NOW = new Date('2025-02-03T09:15:00Z');
let database: TestDatabase;
let jobs: JobQueue;
let provider: ScriptedPushService;
let push: PushService;
let service: AdminNotifications;

beforeAll(async () => {
  database = await createTestDatabase('seeded');
  jobs = new JobQueue(database.db, silent);
  await jobs.start();
  provider = new ScriptedPushService();
  push = new PushService({
    db: database.db,
    providers: { webpush: provider },
    allowedOrigins: new AllowedOrigins(['https://push.example']),
    vapidPublicKey: 'unused',
    log: silent,
    maxAttempts: 3,
    retryBaseMs: 10,
    queueLimit: 1000,
    jobs,
  });
  await push.startWorker();
  service = new AdminNotifications({ db: database.db, notifier: new Notifier(database.db, push), clock: systemClock, schedule: async () => {} });
});
afterAll(async () => {
  push.close();
  await jobs.stop();
  await database.drop();
});

async function device(userName: string, name: string): Promise<number> {
  const token = `${userName}-${name}`;
  const row = await database.db
    .insertInto('push_subscriptions')
    .values({ user_id: await idOf(database.db, userName), token, provider: 'webpush', endpoint: `https://push.example/${token}`, p256dh: 'key', auth: 'auth', types: ['General'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Hands a finished push job out again, as pg-boss does with a job whose worker died before it
 * could complete it (the send had gone out): once the job expires it is put back for a retry.
 */
async function rerunAfterCrash(jobId: string): Promise<void> {
  const rerun = await sql`
    UPDATE ${sql.table(`${JOB_SCHEMA}.job`)} SET state = 'retry', retry_count = retry_count + 1, started_on = NULL, completed_on = NULL
    WHERE id = ${jobId}::uuid AND state = 'completed'`.execute(database.db);
  expect(rerun.numAffectedRows).toBe(1n);
}

describe('the delivery history across retried sends', () => {
  it('counts each device once, however often its push was sent', async () => {
    const phone = await device('student', 'phone');
    const laptop = await device('student', 'laptop');
    const tablet = await device('student2', 'tablet');
    const refusing = await device('student2', 'old-phone');
    provider.script(refusing, [{ kind: 'failed', reason: 'push service answered 400' }]);

    const sent = await service.create(await idOf(database.db, 'admin'), {
      title: 'Fire drill at 11:00', body: 'Leave by the nearest exit.', notificationType: 'General', audience: { userNames: ['student', 'student2'] },
    }, NOW);
    await push.idle();
    expect(await service.get(sent.rowId)).toMatchObject({ recipients: 2, pushesDelivered: 3, pushesFailed: 1 });

    // The phone's and the tablet's sends run again after a crash: each device now has it twice.
    const copyOf = async (userName: string) =>
      (await database.db.selectFrom('notifications').select('id').where('admin_notification_id', '=', sent.rowId).where('user_id', '=', await idOf(database.db, userName)).executeTakeFirstOrThrow()).id;
    await rerunAfterCrash(pushJobId(await copyOf('student'), phone, 1));
    await rerunAfterCrash(pushJobId(await copyOf('student2'), tablet, 1));
    await push.idle();
    expect([phone, laptop, tablet, refusing].map((id) => provider.sendsTo(id).length)).toEqual([2, 1, 2, 1]);

    expect(await service.get(sent.rowId)).toMatchObject({ recipients: 2, pushesDelivered: 3, pushesFailed: 1 });
  });

  it('counts a device whose push failed and was then delivered as delivered', async () => {
    const watch = await device('student.unenrolled', 'watch');
    provider.script(watch, [{ kind: 'failed', reason: 'push service answered 400' }]);
    const sent = await service.create(await idOf(database.db, 'admin'), {
      title: 'Exam seating plan', body: 'Seats are on the noticeboard.', notificationType: 'General', audience: { userNames: ['student.unenrolled'] },
    }, NOW);
    await push.idle();
    expect(await service.get(sent.rowId)).toMatchObject({ pushesDelivered: 0, pushesFailed: 1 });

    // A second job for the same copy and device (a later attempt a crash left queued) gets it through.
    const copy = await database.db.selectFrom('notifications').select('id').where('admin_notification_id', '=', sent.rowId).executeTakeFirstOrThrow();
    await jobs.insert([{ id: pushJobId(copy.id, watch, 2), name: 'push.send', data: { subscriptionId: watch, token: 'student.unenrolled-watch', payload: { rowId: copy.id, title: 'Exam seating plan', body: '', url: null, type: 'General' }, attempt: 2 } }]);
    await push.idle();
    expect(provider.sendsTo(watch)).toHaveLength(2);
    expect(await service.get(sent.rowId)).toMatchObject({ pushesDelivered: 1, pushesFailed: 0 });
  });
});
