import { sendDueAdminNotificationsJob } from '../features/admin/notifications/adminNotifications.jobs.js';
import { closeRegistersJob } from './closeRegisters.job.js';
import { purgeExpiredSessionsJob, removeUploadLeftoversJob } from './housekeeping.jobs.js';
import type { ScheduledJob } from './jobDefinition.js';

/** Every job the server runs on a schedule (cron in the university's time zone), once per tick across all instances. */
export const scheduledJobs: readonly ScheduledJob[] = [closeRegistersJob, purgeExpiredSessionsJob, removeUploadLeftoversJob, sendDueAdminNotificationsJob];
