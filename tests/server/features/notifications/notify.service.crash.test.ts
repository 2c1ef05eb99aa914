import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminNotifications } from '../../../../src/server/features/admin/notifications/adminNotifications.service.js';
import { Notifier } from '../../../../src/server/features/notifications/notify.service.js';
import { JOB_SCHEMA, JobQueue, type JobInsert } from '../../../../src/server/jobs/jobQueue.js';
import { AllowedOrigins } from '../../../../src/server/push/allowedOrigins.js';
import { PUSH_QUEUE, PushService, type PushJobData } from '../../../../src/server/push/push.service.js';
import type { Db } from '../../../../src/server/db/database.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { idOf } from './support.js';
import { systemClock } from '../../../../src/server/clock.js';

/**
 * A crash between storing the users' copies of a notification and queuing their pushes, then the
 * sweep picking the notification up again: every copy must end up with exactly one push job per
 * device. The crash is the job queue failing at the moment the pushes are queued, which is where
 * a process that dies there stops: whatever it had not committed is rolled back.
 */
class CrashingJobQueue extends JobQueue {
  crashesLeft = 0;

  override async insert(jobs: readonly JobInsert[], within?: Db): Promise<void> {
    if (jobs.some((job) => job.name === PUSH_QUEUE) && this.crashesLeft > 0) {
      this.crashesLeft -= 1;
      throw new Error('the process died while queuing the pushes');
    }
    await super.insert(jobs, within);
  }
}

const silent = { warn: () => {}, error: () => {} };
/** The server's clock for this file: when the notification is composed. */
const NOW = new Date('2025-02-03T09:15:00Z');
let database: TestDatabase;
let jobs: CrashingJobQueue;
let service: AdminNotifications;
let adminId: number;

beforeAll(async () => {
  database = await createTestDatabase('seeded');
  jobs = new CrashingJobQueue(database.db, silent);
  await jobs.start();
  // The queue exists but nobody works it: the push jobs stay where they can be counted.
  await jobs.createQueue(PUSH_QUEUE);
  const push = new PushService({
    db: database.db,
    providers: {},
    allowedOrigins: new AllowedOrigins(['https://push.example']),
    vapidPublicKey: 'unused',
    log: silent,
    maxAttempts: 3,
    retryBaseMs: 10,
    queueLimit: 10_000,
    jobs,
  });
  service = new AdminNotifications({ db: database.db, notifier: new Notifier(database.db, push), clock: systemClock, schedule: async () => {} });
  adminId = await idOf(database.db, 'admin');
});
afterAll(async () => {
  await jobs.stop();
  await database.drop();
});

/** Gives every student one General device, and every second one a second device. */
async function subscribeStudents(): Promise<void> {
  const students = await database.db.selectFrom('user_roles').select('user_id').where('role', '=', 'Student').orderBy('user_id').execute();
  const rows = students.flatMap(({ user_id }, index) =>
    Array.from({ length: index % 2 === 0 ? 2 : 1 }, (_, device) => {
      const token = `student-${user_id}-device-${device}`;
      return { user_id, token, provider: 'webpush' as const, endpoint: `https://push.example/${token}`, p256dh: 'key', auth: 'auth', types: ['General' as const] };
    }),
  );
  await database.db.insertInto('push_subscriptions').values(rows).execute();
}

/** `copy:device` for each push a notification's copies should get: one per subscribed device of their user. */
async function expectedPushes(adminNotificationId: number): Promise<string[]> {
  const rows = await database.db
    .selectFrom('notifications as n')
    .innerJoin('push_subscriptions as s', 's.user_id', 'n.user_id')
    .select(['n.id as rowId', 's.id as subscriptionId'])
    .where('n.admin_notification_id', '=', adminNotificationId)
    .execute();
  return rows.map((row) => `${row.rowId}:${row.subscriptionId}`).sort();
}

/** `copy:device` for each push job queued, repeats included. */
async function queuedPushes(): Promise<string[]> {
  const rows = await sql<{ data: PushJobData }>`SELECT data FROM ${sql.table(`${JOB_SCHEMA}.job`)} WHERE name = ${PUSH_QUEUE}`.execute(database.db);
  return rows.rows.map(({ data }) => `${data.payload.rowId}:${data.subscriptionId}`).sort();
}

const copiesOf = async (adminNotificationId: number): Promise<number> =>
  (await database.db.selectFrom('notifications').select('id').where('admin_notification_id', '=', adminNotificationId).execute()).length;

describe('notification pushes across a crash between the copies and their pushes', () => {
  it('gives every copy exactly one push job per device once the sweep sends the notification again', async () => {
    await subscribeStudents();
    const students = await database.db.selectFrom('user_roles').select('user_id').where('role', '=', 'Student').execute();
    const compose = { title: 'Library closes early', body: 'Hi {FIRSTNAME}, the library closes at 17:00 today.', notificationType: 'General' as const, audience: { roles: ['Student' as const] } };

    jobs.crashesLeft = 1;
    await expect(service.create(adminId, compose, NOW)).rejects.toThrow('the process died while queuing the pushes');
    const { id: rowId } = await database.db.selectFrom('admin_notifications').select('id').where('title', '=', compose.title).executeTakeFirstOrThrow();
    expect((await service.get(rowId)).status).toBe('Sending');
    // Whatever the crash left stored, no copy is without its pushes.
    expect(await queuedPushes()).toEqual(await expectedPushes(rowId));

    // The sweep finds it still Sending and sends it again (what it does for each due row).
    expect(await service.sendIfDue(rowId)).toBe(true);
    expect(await service.get(rowId)).toMatchObject({ status: 'Sent', recipients: students.length });
    expect(await copiesOf(rowId)).toBe(students.length);
    const expected = await expectedPushes(rowId);
    expect(expected.length).toBeGreaterThan(students.length); // some students have two devices
    expect(await queuedPushes()).toEqual(expected);

    // A crash after everything was stored but before it was marked Sent: sent again, nothing doubles.
    await database.db.updateTable('admin_notifications').set({ status: 'Sending' }).where('id', '=', rowId).execute();
    expect(await service.sendIfDue(rowId)).toBe(true);
    expect(await copiesOf(rowId)).toBe(students.length);
    expect(await queuedPushes()).toEqual(expected);
  });
});
