import { z } from './zod';
import { isoDateTime, rowId, rowIdParam, text, textLimits } from './common';
import { defineRoute } from './route';

/** Days the admin class list covers when no `to` date is given: today and the next 14 days. */
export const defaultAdminClassDays = 14;
/** The longest date range one request may ask for, in days. */
export const maxAdminClassRangeDays = 366;
export const defaultAdminClassPageSize = 50;
export const maxAdminClassPageSize = 200;

/** A London calendar date, YYYY-MM-DD. */
const localDate = z.iso.date();

/**
 * Filters of the administrators' class list. `from` and `to` are London dates, both included
 * (from today to today + {@link defaultAdminClassDays} when omitted); `q` matches any part of the
 * module's code or title, in any case.
 */
export const adminClassQuerySchema = z.object({
  from: z.optional(localDate),
  to: z.optional(localDate),
  q: z.optional(text(textLimits.short, { trim: true })),
  page: z.optional(z.pipe(rowIdParam, z.int().check(z.lte(100_000, 'At most page 100000')))),
  pageSize: z.optional(z.pipe(rowIdParam, z.int().check(z.lte(maxAdminClassPageSize, `At most ${maxAdminClassPageSize} classes a page`)))),
});
export type AdminClassQuery = z.infer<typeof adminClassQuerySchema>;

/** One timetabled class as administrators see it. Times are London wall clock with an offset. */
export const adminClassSchema = z.object({
  rowId,
  start: isoDateTime,
  end: isoDateTime,
  moduleCode: z.string(),
  moduleTitle: z.string(),
  /** The room's id (e.g. 'ENG-2.03'); null for an online class. */
  roomId: z.nullable(z.string()),
  /** The room's name; null for an online class. */
  room: z.nullable(z.string()),
  isCancelled: z.boolean(),
  /** The teaching staff's names as the timetable shows them, e.g. 'Dr Helen Marsh'. */
  lecturers: z.string(),
});
export type AdminClass = z.infer<typeof adminClassSchema>;

export const adminClassPageSchema = z.object({
  /** Classes matching the filters, over all pages. */
  total: z.int().check(z.nonnegative()),
  items: z.array(adminClassSchema),
});
export type AdminClassPage = z.infer<typeof adminClassPageSchema>;

/** Every timetabled class in a date range (cancelled ones included), soonest first, a page at a time. */
export const adminClassListRoute = defineRoute({
  id: 'admin.classList',
  method: 'GET',
  path: '/api/admin/timetable/events',
  query: adminClassQuerySchema,
  response: adminClassPageSchema,
  roles: ['Administrator'],
});

export const adminClassRoutes = [adminClassListRoute] as const;
