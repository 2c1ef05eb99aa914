import { FileStore } from '../features/absences/fileStore.js';
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
 * Removes upload temporaries a crash left behind. Only files older than the upload timeout go,
 * so another instance's upload in progress (the folder is shared) is kept.
 */
export const removeUploadLeftoversJob: ScheduledJob = {
  name: 'housekeeping.removeUploadLeftovers',
  cron: '*/15 * * * *',
  run: async ({ config, now }) => {
    await new FileStore(config.uploadsDir).removeLeftovers(config.uploadTimeoutMs, now().getTime());
  },
};
