import { z } from './zod';
import { absenceCategorySchema, absenceRequestSchema, absenceStatusSchema, absenceTypeSchema } from './absences';
import { attendanceStatusSchema } from './attendance';
import { isoDateTime, repeatedField, rowId, rowIdParam, rowIdParams, text } from './common';
import { defineRoute, raw } from './route';
import { messageToStudentMaxLength } from '../rules/absences/decisions';

/*
 * The school office's review of absence requests (issue 15). Every route needs the
 * `absenceReviewer` capability: a member of an absence-review directory group, or an Administrator.
 * Reviewers see every student's requests, so a request's rowId here is no one user's record.
 */

const reviewer = { roles: [], capability: 'absenceReviewer' } as const;

/** A whole number written in digits, from 1 to `max` (a page number, a page size). */
const smallCount = (max: number) =>
  z.pipe(
    z.pipe(
      z.string().check(z.regex(/^[1-9][0-9]{0,5}$/, 'Expected a whole number written in digits, such as 2')),
      z.transform((value: string) => Number(value)),
    ),
    z.int().check(z.gte(1), z.lte(max)),
  );

/** A calendar date, YYYY-MM-DD (London). */
const localDate = z.iso.date();

export const staffAbsencePageSizes = [10, 20, 50] as const;
export const maxStaffAbsencePageSize = 100;

export const staffAbsenceQuerySchema = z.object({
  /** Any of the statuses (repeat the parameter); none: Pending, AwaitingEvidence and PendingCancellation. */
  status: z.optional(repeatedField(absenceStatusSchema).check(z.maxLength(6))),
  /** Requests covering a class of this module (its code, e.g. CS2041). */
  module: z.optional(text(20, { trim: true })),
  /** Requests that overlap these London dates (from the start of `from` to the end of `to`). */
  from: z.optional(localDate),
  to: z.optional(localDate),
  category: z.optional(rowIdParam),
  /** Part of the student's name, or their student id. */
  student: z.optional(text(100, { trim: true })),
  page: z.optional(smallCount(100_000)),
  pageSize: z.optional(smallCount(maxStaffAbsencePageSize)),
});
export type StaffAbsenceQuery = z.input<typeof staffAbsenceQuerySchema>;

export const staffAbsenceSummarySchema = z.object({
  rowId,
  studentName: z.string(),
  studentId: z.string(),
  absenceStart: isoDateTime,
  absenceEnd: isoDateTime,
  absenceStatus: absenceStatusSchema,
  categoryName: z.string(),
  absenceType: absenceTypeSchema,
  fileCount: z.int().check(z.nonnegative()),
  submittedAt: isoDateTime,
  /** When the request reached its current status: the queue is ordered by it, oldest first. */
  waitingSince: isoDateTime,
  lastModified: isoDateTime,
  /**
   * When the student added the evidence the office asked for, sending it back to review: set only
   * while it is Pending again ("Evidence added"). Such requests head the queue.
   */
  evidenceAddedAt: z.nullable(isoDateTime),
});
export type StaffAbsenceSummary = z.infer<typeof staffAbsenceSummarySchema>;

export const staffAbsencePageSchema = z.object({
  items: z.array(staffAbsenceSummarySchema),
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.gte(1)),
  pageSize: z.int().check(z.gte(1)),
  /** Every category, retired ones included, for the category filter. */
  categories: z.array(absenceCategorySchema),
});
export type StaffAbsencePage = z.infer<typeof staffAbsencePageSchema>;

/** A class the request covers, with the student's record for it once the register has closed. */
export const coveredClassSchema = z.object({
  rowId,
  moduleCode: z.string(),
  moduleName: z.string(),
  eventType: z.string(),
  eventStart: isoDateTime,
  eventEnd: isoDateTime,
  isCancelled: z.boolean(),
  analysisResult: z.nullable(attendanceStatusSchema),
});
export type CoveredClass = z.infer<typeof coveredClassSchema>;

/** The latest decision on a request that still stands: who made it, when, and until when it can be undone. */
export const absenceDecisionRecordSchema = z.object({
  /** The decision's button label ('Approve', 'Request evidence'…). */
  label: z.string(),
  absenceStatus: absenceStatusSchema,
  /** The reviewer's name; 'A former reviewer' once their account is gone. */
  decidedBy: z.string(),
  decidedAt: isoDateTime,
  /** While the student has not been told: the end of the undo window. Null once it has passed. */
  undoUntil: z.nullable(isoDateTime),
});
export type AbsenceDecisionRecord = z.infer<typeof absenceDecisionRecordSchema>;

export const staffAbsenceDetailSchema = z.object({
  request: absenceRequestSchema,
  studentName: z.string(),
  studentEmail: z.string(),
  category: absenceCategorySchema,
  submittedAt: isoDateTime,
  waitingSince: isoDateTime,
  coveredClasses: z.array(coveredClassSchema),
  /** The student's attendance this academic year (SPEC's percentage); null when nothing counts yet. */
  attendancePercentage: z.nullable(z.number()),
  /** The latest decision that stands (not undone); null when no reviewer has decided it here yet. */
  lastDecision: z.nullable(absenceDecisionRecordSchema),
});
export type StaffAbsenceDetail = z.infer<typeof staffAbsenceDetailSchema>;

export const absenceDecisionBodySchema = z.object({
  /** The status the decision gives (see the decision table in shared/rules/absences/decisions.ts). */
  absenceStatus: absenceStatusSchema,
  /** Required to Deny or Request evidence. */
  messageToStudent: z.optional(z.nullable(text(messageToStudentMaxLength, { trim: true }))),
  /** The request's lastModified as the reviewer saw it; a newer one refuses the decision (409). */
  lastModified: isoDateTime,
});
export type AbsenceDecisionBody = z.infer<typeof absenceDecisionBodySchema>;

export const staffAbsenceListRoute = defineRoute({
  id: 'review.list',
  method: 'GET',
  path: '/api/staff/absences',
  query: staffAbsenceQuerySchema,
  response: staffAbsencePageSchema,
  ...reviewer,
});

export const staffAbsenceDetailRoute = defineRoute({
  id: 'review.get',
  method: 'GET',
  path: '/api/staff/absences/:rowId',
  params: rowIdParams,
  response: staffAbsenceDetailSchema,
  ...reviewer,
  ownedParams: { rowId: null },
});

export const staffAbsenceFileRoute = defineRoute({
  id: 'review.file',
  method: 'GET',
  path: '/api/staff/absences/:rowId/files/:fileRowId',
  params: z.object({ rowId: rowIdParam, fileRowId: rowIdParam }),
  response: raw.file,
  ...reviewer,
  ownedParams: { rowId: null, fileRowId: null },
  // Medical evidence is more than a view of the account needs: not downloaded while viewing as.
  whileViewing: 'refuse',
});

export const staffAbsenceDecisionRoute = defineRoute({
  id: 'review.decide',
  method: 'POST',
  path: '/api/staff/absences/:rowId/decision',
  params: rowIdParams,
  body: absenceDecisionBodySchema,
  response: staffAbsenceDetailSchema,
  ...reviewer,
  ownedParams: { rowId: null },
});

/** Undoing the latest decision names the version it produced: anything changed since refuses the undo. */
export const absenceUndoBodySchema = z.object({
  /** The request's lastModified as the decision left it. */
  lastModified: isoDateTime,
});
export type AbsenceUndoBody = z.infer<typeof absenceUndoBodySchema>;

/**
 * Undoes the latest decision within its window (issue 31): the request is put back exactly as it
 * was, and the student, not yet told, is never told. 409 once the window has passed or the request
 * changed since.
 */
export const staffAbsenceUndoRoute = defineRoute({
  id: 'review.undo',
  method: 'POST',
  path: '/api/staff/absences/:rowId/decision/undo',
  params: rowIdParams,
  body: absenceUndoBodySchema,
  response: staffAbsenceDetailSchema,
  ...reviewer,
  ownedParams: { rowId: null },
});

export const staffAbsenceCountsSchema = z.object({
  /** Pending requests with evidence newly added, among `pending`. */
  evidenceAdded: z.int().check(z.nonnegative()),
  pending: z.int().check(z.nonnegative()),
  awaitingEvidence: z.int().check(z.nonnegative()),
  pendingCancellation: z.int().check(z.nonnegative()),
});
export type StaffAbsenceCounts = z.infer<typeof staffAbsenceCountsSchema>;

/** How many requests wait in each part of the queue (the staff home page). */
export const staffAbsenceCountsRoute = defineRoute({
  id: 'review.counts',
  method: 'GET',
  path: '/api/staff/absence-counts',
  response: staffAbsenceCountsSchema,
  ...reviewer,
});

export const staffAbsenceRoutes = [
  staffAbsenceListRoute, staffAbsenceDetailRoute, staffAbsenceFileRoute, staffAbsenceDecisionRoute, staffAbsenceUndoRoute, staffAbsenceCountsRoute,
] as const;
