import { alertMissedRuns, closeDueRegisters } from '../features/attendance/closeRegisters.service.js';
import type { ScheduledJob } from './jobDefinition.js';

/**
 * Every minute: close every register that is due (catching up on any the server missed while
 * down), then alert the students whose missed run reached 5, 10 or 20. Idempotent and safe on
 * several instances (see closeRegisters.service.ts).
 */
export const closeRegistersJob: ScheduledJob = {
  name: 'attendance.closeRegisters',
  cron: '* * * * *',
  run: async (ctx) => {
    const now = ctx.now();
    const closed = await closeDueRegisters(ctx.db, { closeMinutes: ctx.config.attendanceCloseMinutes, now });
    await alertMissedRuns({ db: ctx.db, notifier: ctx.notifier }, closed.missedStudentIds, now);
  },
};
