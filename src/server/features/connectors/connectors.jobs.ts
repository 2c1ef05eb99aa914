import { join } from 'node:path';
import type { ServerContext } from '../../context.js';
import { queueTimeAfter } from '../../clock.js';
import { jobIdFor, type Job, type JobQueue } from '../../jobs/jobQueue.js';
import type { ScheduledJob } from '../../jobs/jobDefinition.js';
import { importServiceFor } from '../imports/imports.jobs.js';
import { ConnectorService, type ConnectorJobs } from './connectors.service.js';
import { DEFAULT_MAX_BODY_BYTES } from './upstream.js';

/**
 * Connector jobs on the durable queue:
 * - `connectors.due`, a scheduled job (once a minute, once across all instances): queues a run of
 *   each connector whose cron says it is due (ConnectorService.queueDue);
 * - `connectors.run`: one job per run (its id from the run's), which reads the upstream;
 * - `connectors.settle`: follows the run's import batch, a few seconds apart, until it ends.
 * A run job that throws for something other than its upstream (the database) is retried; once its
 * retries are spent the run is marked failed.
 */

export const CONNECTOR_RUN_QUEUE = 'connectors.run';
export const CONNECTOR_SETTLE_QUEUE = 'connectors.settle';
const runOptions = { retryLimit: 2, retryDelay: 30, expireInSeconds: 60 * 60 } as const;
const settleOptions = { retryLimit: 5, retryDelay: 10, expireInSeconds: 10 * 60 } as const;
/** How long a run waits between looks at its batch. */
const SETTLE_DELAY_MS = 5000;

interface RunData {
  readonly runId: number;
}
interface SettleData extends RunData {
  readonly attempt: number;
}

export function connectorJobsOn(jobs: JobQueue): ConnectorJobs {
  return {
    queueRun: async (runId, within) => {
      if (!jobs.started) return;
      await jobs.insert([{ id: jobIdFor(`connector-run:${runId}`), name: CONNECTOR_RUN_QUEUE, data: { runId }, ...runOptions }], within);
    },
    queueSettle: async (runId, attempt) => {
      if (!jobs.started) return;
      await jobs.insert([{
        id: jobIdFor(`connector-settle:${runId}:${attempt}`), name: CONNECTOR_SETTLE_QUEUE, data: { runId, attempt },
        startAfter: queueTimeAfter(attempt === 0 ? 0 : SETTLE_DELAY_MS), ...settleOptions,
      }]);
    },
  };
}

export function connectorServiceFor(ctx: ServerContext, jobs: JobQueue): ConnectorService {
  return new ConnectorService({
    db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, imports: importServiceFor(ctx, jobs), jobs: connectorJobsOn(jobs),
    tempDir: join(ctx.config.uploadsDir, 'connectors'),
    limits: { timeoutMs: ctx.config.connectorTimeoutMs, maxBodyBytes: DEFAULT_MAX_BODY_BYTES },
  });
}

/** Works the run and settle queues on this instance, one job at a time each. */
export async function startConnectorWorkers(ctx: ServerContext, jobs: JobQueue): Promise<void> {
  const service = connectorServiceFor(ctx, jobs);
  await jobs.createQueue(CONNECTOR_RUN_QUEUE, runOptions);
  await jobs.work<RunData>(CONNECTOR_RUN_QUEUE, 1, async (batch: Job<RunData>[]) => {
    for (const item of batch) {
      try {
        await service.run(item.data.runId);
      } catch (error) {
        if (item.retryCount >= item.retryLimit) {
          await service.finish(item.data.runId, 'failed', `The run stopped on an error of the server (${error instanceof Error ? error.message : String(error)}).`);
        }
        throw error;
      }
    }
  });
  await jobs.createQueue(CONNECTOR_SETTLE_QUEUE, settleOptions);
  await jobs.work<SettleData>(CONNECTOR_SETTLE_QUEUE, 1, async (batch: Job<SettleData>[]) => {
    for (const item of batch) await service.settle(item.data.runId, item.data.attempt);
  });
}

/** The minute tick that starts due connectors (their own cron is read by queueDue). */
export const connectorsDueJob: ScheduledJob = {
  name: 'connectors.due',
  cron: '* * * * *',
  run: async (ctx) => {
    if (!ctx.jobs) return;
    await connectorServiceFor(ctx, ctx.jobs).queueDue();
  },
};
