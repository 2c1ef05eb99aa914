import { z } from './zod';
import { isoDateTime, repeatedField, rowId, rowIdParams, text } from './common';
import { referralStatusSchema } from './referrals';
import { defineRoute } from './route';
import { referralCaseNoteMaxLength } from '../rules/referral';

/*
 * Student Support's queue of self-referrals (issue 31). Every route needs the `studentSupport`
 * capability: a member of a Student Support directory group, or an Administrator. The team sees
 * every student's referral, so a referral's rowId here is no one user's record.
 */

const support = { roles: [], capability: 'studentSupport' } as const;

/** A whole number written in digits, from 1 to 100,000 (a page number). */
const pageNumber = z.pipe(
  z.pipe(
    z.string().check(z.regex(/^[1-9][0-9]{0,5}$/, 'Expected a whole number written in digits, such as 2')),
    z.transform((value: string) => Number(value)),
  ),
  z.int().check(z.gte(1), z.lte(100_000)),
);

export const staffReferralPageSize = 50;

export const staffReferralQuerySchema = z.object({
  /** Any of the statuses (repeat the parameter); none: New and Contacted, the open ones. */
  status: z.optional(repeatedField(referralStatusSchema).check(z.maxLength(3))),
  /** Part of the student's name, or their student id. */
  student: z.optional(text(100, { trim: true })),
  page: z.optional(pageNumber),
});
export type StaffReferralQuery = z.input<typeof staffReferralQuerySchema>;

export const staffReferralSummarySchema = z.object({
  rowId,
  studentName: z.string(),
  studentId: z.nullable(z.string()),
  programme: z.nullable(z.string()),
  notes: z.string(),
  status: referralStatusSchema,
  sentAt: isoDateTime,
  /** When the status last changed: sentAt while it is still New as sent. */
  statusChangedAt: isoDateTime,
});
export type StaffReferralSummary = z.infer<typeof staffReferralSummarySchema>;

const count = z.int().check(z.nonnegative());

export const staffReferralPageSchema = z.object({
  /** Newest first. */
  items: z.array(staffReferralSummarySchema),
  total: count,
  page: z.int().check(z.gte(1)),
  pageSize: z.int().check(z.gte(1)),
  /** Every referral by status, whatever the filter: the home page shows the New ones. */
  counts: z.object({ New: count, Contacted: count, Closed: count }),
});
export type StaffReferralPage = z.infer<typeof staffReferralPageSchema>;

/** A private case note, written with a status change. Never shown to the student. */
export const referralCaseNoteSchema = z.object({
  rowId,
  statusBefore: referralStatusSchema,
  status: referralStatusSchema,
  note: z.string(),
  /** Who wrote it; null once their account is gone. */
  authorName: z.nullable(z.string()),
  at: isoDateTime,
});
export type ReferralCaseNote = z.infer<typeof referralCaseNoteSchema>;

export const staffReferralDetailSchema = z.extend(staffReferralSummarySchema, {
  studentEmail: z.string(),
  /** Oldest first. */
  caseNotes: z.array(referralCaseNoteSchema),
});
export type StaffReferralDetail = z.infer<typeof staffReferralDetailSchema>;

export const referralUpdateBodySchema = z.object({
  status: referralStatusSchema,
  /** Required: what was done, for the rest of the team. */
  note: text(referralCaseNoteMaxLength, { trim: true }).check(z.minLength(1, 'Write a case note.')),
});
export type ReferralUpdateBody = z.infer<typeof referralUpdateBodySchema>;

export const staffReferralListRoute = defineRoute({
  id: 'support.list',
  method: 'GET',
  path: '/api/staff/referrals',
  query: staffReferralQuerySchema,
  response: staffReferralPageSchema,
  ...support,
});

export const staffReferralDetailRoute = defineRoute({
  id: 'support.get',
  method: 'GET',
  path: '/api/staff/referrals/:rowId',
  params: rowIdParams,
  response: staffReferralDetailSchema,
  ...support,
  ownedParams: { rowId: null },
});

/** Sets the status with a case note (the same status again adds a note); audited. */
export const staffReferralUpdateRoute = defineRoute({
  id: 'support.update',
  method: 'PUT',
  path: '/api/staff/referrals/:rowId',
  params: rowIdParams,
  body: referralUpdateBodySchema,
  response: staffReferralDetailSchema,
  ...support,
  ownedParams: { rowId: null },
});

export const staffReferralRoutes = [staffReferralListRoute, staffReferralDetailRoute, staffReferralUpdateRoute] as const;
