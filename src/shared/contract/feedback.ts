import { z } from './zod';
import { isoDateTime, rowId, text } from './common';
import { defineRoute, raw } from './route';

/** The longest feedback comment, in characters (the form counts down to it). */
export const feedbackCommentMaxLength = 1000;

/** What the feedback is mostly about; optional on the form. Our choice: the spec shows no fields. */
export const feedbackCategories = ['General', 'Problem', 'Idea', 'Accessibility'] as const;
export const feedbackCategorySchema = z.enum(feedbackCategories);
export type FeedbackCategory = z.infer<typeof feedbackCategorySchema>;

/** The feedback payload; the spec does not show its fields, so these are our choice. */
export const feedbackSchema = z.object({
  /** 1 (poor) to 5 (excellent). */
  rating: z.int().check(z.gte(1), z.lte(5)),
  comments: z.optional(text(feedbackCommentMaxLength, { trim: true })),
  category: z.optional(feedbackCategorySchema),
  /** The version of the app that sent it (a queued feedback keeps the version it was written in). */
  appVersion: z.optional(text(50, { trim: true })),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** POST /api/user/feedbackprompt body. */
export const feedbackPromptSchema = z.object({
  providedFeedback: z.boolean(),
});
export type FeedbackPrompt = z.infer<typeof feedbackPromptSchema>;

/** SPEC §3 feedback prompt date; lastPromptDate is null before the first prompt. */
export const feedbackPromptDateSchema = z.object({
  lastPromptDate: z.nullable(isoDateTime),
  providedFeedback: z.boolean(),
});
export type FeedbackPromptDate = z.infer<typeof feedbackPromptDateSchema>;

/**
 * On success the server also records a prompt with providedFeedback true. A replay with the same
 * Idempotency-Key (the outbox after a lost answer) is stored once.
 */
export const sendFeedbackRoute = defineRoute({
  id: 'feedback.send',
  method: 'POST',
  path: '/api/user/feedback',
  body: feedbackSchema,
  response: raw.empty,
  roles: [],
});

export const recordFeedbackPromptRoute = defineRoute({
  id: 'feedback.recordPrompt',
  method: 'POST',
  path: '/api/user/feedbackprompt',
  body: feedbackPromptSchema,
  response: raw.empty,
  roles: [],
});

export const feedbackPromptDateRoute = defineRoute({
  id: 'feedback.promptDate',
  method: 'GET',
  path: '/api/user/feedbackprompt/date',
  response: feedbackPromptDateSchema,
  roles: [],
});

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

export const feedbackRoutes = [
  sendFeedbackRoute,
  recordFeedbackPromptRoute,
  feedbackPromptDateRoute,
  adminFeedbackRoute,
] as const;
