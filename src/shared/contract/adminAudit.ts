import { z } from './zod';
import { rowIdParam, text, textLimits } from './common';
import { defineRoute } from './route';

/** Page sizes the audit view offers; 25 when none is asked for. */
export const auditPageSizes = [10, 25, 50, 100] as const;
export const defaultAuditPageSize = 25;

/**
 * Filters: `actor` matches the acting user's user name or display name (any part, any case);
 * `action` matches actions starting with it (`admin.notification` finds create, update, cancel).
 */
export const auditQuerySchema = z.object({
  actor: z.optional(text(textLimits.short, { trim: true })),
  action: z.optional(text(textLimits.short, { trim: true })),
  page: z.optional(rowIdParam),
  pageSize: z.optional(z.pipe(rowIdParam, z.int().check(z.lte(100, 'At most 100 entries a page')))),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One audit entry: who did what to which record, when, with the record before and after. */
export const auditEntrySchema = z.object({
  /** The entry's id (a bigserial, shown as a number). */
  rowId: z.number(),
  at: z.iso.datetime({ offset: true }),
  /** Null for the system (a job). */
  actorUserName: z.nullable(z.string()),
  actorDisplayName: z.nullable(z.string()),
  action: z.string(),
  target: z.nullable(z.object({ type: z.string(), id: z.union([z.number(), z.string()]) })),
  /**
   * The record's readable name ("Moodle", "CS101 Programming, 12/03/2027 10:00"): as the entry's
   * snapshot kept it, else as the record is now; null when there is none to give.
   */
  targetName: z.nullable(z.string()),
  before: z.optional(z.unknown()),
  after: z.optional(z.unknown()),
  context: z.optional(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Entries matching the filters, over all pages. */
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.gte(1)),
  pageSize: z.int().check(z.gte(1)),
  /** Every action the log holds, for the "what" filter. */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The audit log, newest first, filtered by who and by what, a page at a time. */
export const auditLogRoute = defineRoute({
  id: 'admin.auditList',
  method: 'GET',
  path: '/api/admin/audit',
  query: auditQuerySchema,
  response: auditPageSchema,
  roles: ['Administrator'],
});

export const adminAuditRoutes = [auditLogRoute] as const;
