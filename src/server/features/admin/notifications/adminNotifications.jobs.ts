import { jobIdFor, type JobQueue } from '../../../jobs/jobQueue.js';
import { queueTimeAfter, type Clock } from '../../../clock.js';
import type { ScheduledJob } from '../../../jobs/jobDefinition.js';
import { AdminNotifications } from './adminNotifications.service.js';
import type { ServerContext } from '../../../context.js';

/** The queue of scheduled admin notifications: one job per notification version, due at its send time. */
export const ADMIN_NOTIFICATION_QUEUE = 'admin.notifications.send';

interface SendJobData {
  readonly rowId: number;
  readonly version: number;
}

const queueOptions = { retryLimit: 3, retryDelay: 30, expireInSeconds: 15 * 60 } as const;

/**
 * Queues the send of one version of a scheduled notification at its time. The job id comes from
 * (row, version), so queuing it twice stores it once; an edit queues the new version, and the old
 * version's job finds its version gone and does nothing. Without a running queue (unit tests),
 * nothing is queued; the minute sweep below sends it once a queue runs.
 */
export function scheduleAdminNotification(jobs: JobQueue, clock: Clock) {
  return async (rowId: number, version: number, sendAt: Date): Promise<void> => {
    if (!jobs.started) return;
    await jobs.insert([
      { id: jobIdFor(`admin-notification:${rowId}:${version}`), name: ADMIN_NOTIFICATION_QUEUE, data: { rowId, version }, startAfter: queueTimeAfter(sendAt.getTime() - clock.nowMs()), ...queueOptions },
    ]);
  };
}

/** The admin notification service a job runs with. */
export function adminNotificationsFor(ctx: ServerContext, jobs: JobQueue): AdminNotifications {
  return new AdminNotifications({ db: ctx.db, notifier: ctx.notifier, schedule: scheduleAdminNotification(jobs, ctx.clock), clock: ctx.clock });
}

/** Works the scheduled-send queue on this instance. */
export async function startAdminNotificationWorker(ctx: ServerContext, jobs: JobQueue): Promise<void> {
  const service = adminNotificationsFor(ctx, jobs);
  await jobs.createQueue(ADMIN_NOTIFICATION_QUEUE, queueOptions);
  await jobs.work<SendJobData>(ADMIN_NOTIFICATION_QUEUE, 1, async (batch) => {
    for (const job of batch) await service.sendIfDue(job.data.rowId, job.data.version);
  });
}

/**
 * Every minute: sends any scheduled notification that is due but whose job was lost (the process
 * stopped between saving it and queuing its job) and finishes sends a crash left half done.
 */
export const sendDueAdminNotificationsJob: ScheduledJob = {
  name: 'admin.notifications.sweep',
  cron: '* * * * *',
  run: async (ctx) => {
    const service = new AdminNotifications({ db: ctx.db, notifier: ctx.notifier, schedule: async () => {}, clock: ctx.clock });
    for (const rowId of await service.dueRowIds()) await service.sendIfDue(rowId);
  },
};
