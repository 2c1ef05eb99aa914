import { z } from './zod';
import { isoDateTime, text } from './common';
import { defineRoute, raw } from './route';

/** The feedback payload; the spec does not show its fields, so these are our choice. */
export const feedbackSchema = z.object({
  /** 1 (poor) to 5 (excellent). */
  rating: z.int().check(z.gte(1), z.lte(5)),
  comments: z.optional(text(2000, { trim: true })),
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

/** On success the server also records a prompt with providedFeedback true. */
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

export const feedbackRoutes = [
  sendFeedbackRoute,
  recordFeedbackPromptRoute,
  feedbackPromptDateRoute,
] as const;
