import { connectorsDueJob } from '../features/connectors/connectors.jobs.js';
import { sendDueAdminNotificationsJob } from '../features/admin/notifications/adminNotifications.jobs.js';
import { sendDueDecisionNoticesJob } from '../features/staffAbsences/decisionNotice.jobs.js';
import { closeRegistersJob } from './closeRegisters.job.js';
import { pruneAttendanceChangesJob, purgeExpiredSessionsJob, purgeIdempotencyKeysJob, removeUploadLeftoversJob } from './housekeeping.jobs.js';
import type { IntervalJob, ScheduledJob } from './jobDefinition.js';
import { statusChecksJob } from './statusChecks.job.js';

/** Every job the server runs on a schedule (cron in the university's time zone), once per tick across all instances. */
export const scheduledJobs: readonly ScheduledJob[] = [closeRegistersJob, purgeExpiredSessionsJob, purgeIdempotencyKeysJob, pruneAttendanceChangesJob, removeUploadLeftoversJob, sendDueAdminNotificationsJob, sendDueDecisionNoticesJob, connectorsDueJob];

/** Jobs that run every so many seconds (a period cron cannot express), once per period across all instances. */
export const intervalJobs: readonly IntervalJob[] = [statusChecksJob];
