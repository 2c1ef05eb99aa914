import { join } from 'node:path';
import type { ServerContext } from '../../context.js';
import { jobIdFor, type Job, type JobQueue } from '../../jobs/jobQueue.js';
import { ImportService, importJobNames, type ImportJobName, type ImportJobs } from './imports.service.js';

/**
 * The import's jobs on the durable queue: validate, apply, revert. One job per batch and step (its
 * id comes from both, so queuing it twice stores it once); a job that fails is retried, and once
 * its retries are spent the batch is marked failed (an apply or a validation) or back to applied
 * (a revert), since its transaction left nothing behind.
 */

const queueNames: Record<ImportJobName, string> = { validate: 'imports.validate', apply: 'imports.apply', revert: 'imports.revert' };
const stateOf: Record<ImportJobName, 'validating' | 'applying' | 'reverting'> = { validate: 'validating', apply: 'applying', revert: 'reverting' };
const queueOptions = { retryLimit: 2, retryDelay: 10, expireInSeconds: 30 * 60 } as const;

interface ImportJobData {
  readonly batchId: number;
}

export function importJobsOn(jobs: JobQueue): ImportJobs {
  return {
    queue: async (job, batchId) => {
      if (!jobs.started) return;
      await jobs.insert([{ id: jobIdFor(`import:${job}:${batchId}`), name: queueNames[job], data: { batchId }, ...queueOptions }]);
    },
  };
}

export function importServiceFor(ctx: ServerContext, jobs: JobQueue): ImportService {
  return new ImportService({
    db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, jobs: importJobsOn(jobs), tempDir: join(ctx.config.uploadsDir, 'imports'),
  });
}

/** Works the three import queues on this instance, one job at a time each. */
export async function startImportWorkers(ctx: ServerContext, jobs: JobQueue): Promise<void> {
  const service = importServiceFor(ctx, jobs);
  for (const job of importJobNames) {
    await jobs.createQueue(queueNames[job], queueOptions);
    await jobs.work<ImportJobData>(queueNames[job], 1, async (batch: Job<ImportJobData>[]) => {
      for (const item of batch) {
        try {
          await service[job](item.data.batchId);
        } catch (error) {
          if (item.retryCount >= item.retryLimit) await service.markFailed(item.data.batchId, stateOf[job]);
          throw error;
        }
      }
    });
  }
}
