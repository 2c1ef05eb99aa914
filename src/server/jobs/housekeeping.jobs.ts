import { PostgresFileStore } from '../features/absences/postgresFileStore.js';
import { pruneSupersededChanges } from '../features/integration/attendanceFeed.service.js';
import { IdempotencyStore } from '../http/idempotencyStore.js';
import { systemClock } from '../clock.js';
import type { ScheduledJob } from './jobDefinition.js';

/** Deletes sessions past their idle or absolute expiry (a sign-in no one will use again). */
export const purgeExpiredSessionsJob: ScheduledJob = {
  name: 'housekeeping.purgeExpiredSessions',
  cron: '17 * * * *',
  run: async ({ sessions }) => {
    await sessions.purgeExpired();
  },
};

/**
 * Removes upload temporaries a crash left behind, and stored evidence no request names. Only what
 * is older than the upload timeout goes, so an upload still in progress is kept.
 */
export const removeUploadLeftoversJob: ScheduledJob = {
  name: 'housekeeping.removeUploadLeftovers',
  cron: '*/15 * * * *',
  run: async ({ config, db }) => {
    // Real elapsed time, not the app's clock: file mtimes and evidence_contents.created_at (the
    // database's default) are the real time, and an upload in progress must stay whatever the clock says.
    await new PostgresFileStore(db, config.uploadsDir).removeLeftovers(config.uploadTimeoutMs, systemClock.nowMs());
  },
};

/** Deletes Idempotency-Keys (and the answers kept with them) older than their 24 hours (issue 29). */
export const purgeIdempotencyKeysJob: ScheduledJob = {
  name: 'housekeeping.purgeIdempotencyKeys',
  cron: '41 * * * *',
  run: async ({ db, now }) => {
    await new IdempotencyStore(db, now).purgeExpired();
  },
};

/** Keeps the attendance feed's change log to one row per record: the latest (issue 36 §4). */
export const pruneAttendanceChangesJob: ScheduledJob = {
  name: 'housekeeping.pruneAttendanceChanges',
  cron: '23 3 * * *',
  run: async ({ db }) => {
    await pruneSupersededChanges(db);
  },
};
