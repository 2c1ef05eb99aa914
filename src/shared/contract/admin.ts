import { z } from './zod';
import { isoDateTime, rowId, rowIdParams, text } from './common';
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
 * unknown class. Any administrator, or a lecturer the class lists (403 for anyone else, see `listedOnEventSql`).
 */
export const cancelClassRoute = defineRoute({
  id: 'admin.cancelClass',
  method: 'POST',
  path: '/api/admin/timetable/events/:rowId/cancel',
  params: rowIdParams,
  response: cancelClassResultSchema,
  // TeachingStaff first: the route matrix tries another lecturer's class with it.
  roles: ['TeachingStaff', 'Administrator'],
  // Administrators act on the whole timetable; a lecturer only on the classes they teach.
  ownedParams: { rowId: 'taughtClass' },
  invalidates: ['timetable'],
});

const count = z.int().check(z.nonnegative());

/** One queue's jobs by state (pg-boss's states). */
export const jobQueueCountsSchema = z.object({
  queue: text(100),
  created: count,
  retry: count,
  active: count,
  completed: count,
  cancelled: count,
  failed: count,
});

/** A job that failed for good: its queue, when, and why (no URLs, tokens or other secrets). */
export const jobFailureSchema = z.object({
  queue: text(100),
  failedAt: isoDateTime,
  message: text(300),
});

export const jobsStateSchema = z.object({
  queues: z.array(jobQueueCountsSchema),
  lastFailures: z.array(jobFailureSchema),
});
export type JobsState = z.infer<typeof jobsStateSchema>;

/** The durable job queue's state: counts by state per queue and the latest failures. */
export const jobsStateRoute = defineRoute({
  id: 'admin.jobs',
  method: 'GET',
  path: '/api/admin/jobs',
  response: jobsStateSchema,
  roles: ['Administrator'],
});

export const adminRoutes = [cancelClassRoute, jobsStateRoute] as const;
