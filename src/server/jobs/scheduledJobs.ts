import { purgeExpiredSessionsJob, removeUploadLeftoversJob } from './housekeeping.jobs.js';
import type { ScheduledJob } from './jobDefinition.js';

/** Every job the server runs on a schedule, once per tick across all instances. */
export const scheduledJobs: readonly ScheduledJob[] = [purgeExpiredSessionsJob, removeUploadLeftoversJob];
