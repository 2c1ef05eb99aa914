import { decisionUndoWindowMs } from '../../../shared/rules/absences/decisions.js';
import { queueTimeAfter } from '../../clock.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { ScheduledJob } from '../../jobs/jobDefinition.js';
import { jobIdFor, type JobQueue } from '../../jobs/jobQueue.js';
import { sendDecisionNoticeIfDue, sendDueDecisionNotices } from './decisionNotice.service.js';

/** The queue of decision notices: one job per decision, due when its undo window has passed. */
export const DECISION_NOTICE_QUEUE = 'absences.decisionNotice';

interface NoticeJobData {
  readonly decisionId: number;
}

const queueOptions = { retryLimit: 3, retryDelay: 30, expireInSeconds: 5 * 60 } as const;
/** A second past the window, so the job never runs just before it closes. */
const NOTICE_DELAY_MS = decisionUndoWindowMs + 1000;

/**
 * Queues the notice of one decision, in the decision's transaction (it exists only if the decision
 * commits). Without a running queue (unit tests), nothing is queued: the minute sweep sends it.
 */
export function scheduleDecisionNotice(jobs: JobQueue) {
  return async (decisionId: number, trx: Db): Promise<void> => {
    if (!jobs.started) return;
    await jobs.insert(
      [{ id: jobIdFor(`absence-decision:${decisionId}`), name: DECISION_NOTICE_QUEUE, data: { decisionId }, startAfter: queueTimeAfter(NOTICE_DELAY_MS), ...queueOptions }],
      trx,
    );
  };
}

/** Works the notice queue on this instance. */
export async function startDecisionNoticeWorker(ctx: ServerContext, jobs: JobQueue): Promise<void> {
  await jobs.createQueue(DECISION_NOTICE_QUEUE, queueOptions);
  await jobs.work<NoticeJobData>(DECISION_NOTICE_QUEUE, 1, async (batch) => {
    for (const job of batch) await sendDecisionNoticeIfDue(ctx, job.data.decisionId);
  });
}

/**
 * Every minute: sends the notices that are due but whose job was lost (the process stopped before
 * it ran) or ran early on the app's clock. Each is sent once, whoever gets there first.
 */
export const sendDueDecisionNoticesJob: ScheduledJob = {
  name: 'absences.decisionNotices.sweep',
  cron: '* * * * *',
  run: async (ctx) => {
    await sendDueDecisionNotices(ctx);
  },
};
