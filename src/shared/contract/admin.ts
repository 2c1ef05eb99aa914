import { z } from './zod';
import { rowId, rowIdParams } from './common';
import { defineRoute } from './route';

/** The outcome of cancelling a class. */
export const cancelClassResultSchema = z.object({
  rowId,
  isCancelled: z.boolean(),
  /** People told about it now: its students and lecturers, or 0 when it was already cancelled. */
  notified: z.int().check(z.nonnegative()),
});
export type CancelClassResult = z.infer<typeof cancelClassResultSchema>;

/**
 * Cancels a timetabled class and sends its students and lecturers a Timetable notification.
 * Idempotent: cancelling a cancelled class changes nothing and notifies no one. 404 for an
 * unknown class.
 */
export const cancelClassRoute = defineRoute({
  id: 'admin.cancelClass',
  method: 'POST',
  path: '/api/admin/timetable/events/:rowId/cancel',
  params: rowIdParams,
  response: cancelClassResultSchema,
  roles: ['Administrator'],
  // Any class: administrators act on the whole timetable.
  ownedParams: { rowId: null },
});

export const adminRoutes = [cancelClassRoute] as const;
