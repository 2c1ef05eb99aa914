import { z } from './zod';
import { isoDateTime, text } from './common';
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
  offline: 'queue',
});

export const recordFeedbackPromptRoute = defineRoute({
  id: 'feedback.recordPrompt',
  method: 'POST',
  path: '/api/user/feedbackprompt',
  body: feedbackPromptSchema,
  response: raw.empty,
  roles: [],
  offline: 'queue',
});

export const feedbackPromptDateRoute = defineRoute({
  id: 'feedback.promptDate',
  method: 'GET',
  path: '/api/user/feedbackprompt/date',
  response: feedbackPromptDateSchema,
  roles: [],
});

export const feedbackRoutes = [
  sendFeedbackRoute,
  recordFeedbackPromptRoute,
  feedbackPromptDateRoute,
] as const;
