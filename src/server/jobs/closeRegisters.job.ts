import { alertUncheckedClosedClasses, closeDueRegisters } from '../features/attendance/closeRegisters.service.js';
import type { ScheduledJob } from './jobDefinition.js';

/**
 * Every minute: close every register that is due (catching up on any the server missed while
 * down), then alert the students whose missed run reached 5, 10 or 20, for every closed class not
 * checked yet: a run whose alert step failed after closing is made good by the next. Idempotent
 * and safe on several instances (see closeRegisters.service.ts).
 */
export const closeRegistersJob: ScheduledJob = {
  name: 'attendance.closeRegisters',
  cron: '* * * * *',
  run: async (ctx) => {
    const now = ctx.now();
    await closeDueRegisters(ctx.db, { closeMinutes: ctx.config.attendanceCloseMinutes, now });
    await alertUncheckedClosedClasses({ db: ctx.db, notifier: ctx.notifier }, now);
  },
};
