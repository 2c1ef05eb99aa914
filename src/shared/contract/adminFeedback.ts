import { z } from './zod';
import { isoDateTime, rowId } from './common';
import { defineRoute } from './route';

// The administrators' side of feedback, apart from the students' (feedback.ts): the admin page's
// lazy chunk imports only this, so none of it rides along into every signed-in page's bundle.

/** One feedback as administrators read it. The sender is null once their account is deleted. */
export const feedbackEntrySchema = z.object({
  rowId,
  rating: z.nullable(z.int()),
  comments: z.string(),
  category: z.nullable(z.string()),
  appVersion: z.nullable(z.string()),
  createdAt: isoDateTime,
  userName: z.nullable(z.string()),
  userDisplayName: z.nullable(z.string()),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

export const feedbackListSchema = z.object({
  /** How many feedback entries exist in all. */
  total: z.int().check(z.nonnegative()),
  /** The newest first, at most `limit` of them from `offset`. */
  items: z.array(feedbackEntrySchema),
});
export type FeedbackList = z.infer<typeof feedbackListSchema>;

const wholeNumberText = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^(0|[1-9][0-9]{0,6})$/, 'Expected a whole number written in digits')), z.transform(Number)),
    z.int().check(z.gte(min), z.lte(max)),
  );

export const feedbackListQuerySchema = z.object({
  limit: z.optional(wholeNumberText(1, 5000)),
  offset: z.optional(wholeNumberText(0, 1_000_000)),
});

/** Every user's feedback, newest first, for administrators (the admin area lists and exports it). */
export const adminFeedbackRoute = defineRoute({
  id: 'admin.feedback',
  method: 'GET',
  path: '/api/admin/feedback',
  query: feedbackListQuerySchema,
  response: feedbackListSchema,
  roles: ['Administrator'],
});
