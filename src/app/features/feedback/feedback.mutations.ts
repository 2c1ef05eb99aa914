/** The feedback prompt and form as named mutations (sync/mutation.ts): both work offline. */
import { z } from 'zod/mini';
import { isoDateTime } from '../../../shared/contract/common';
import {
  feedbackSchema,
  recordFeedbackPromptRoute,
  sendFeedbackRoute,
  type Feedback,
  type FeedbackPromptDate,
} from '../../../shared/contract/feedback';
import { defineMutation } from '../../sync/mutation';
import { feedbackPromptResource } from './resources';

/** Dismissing the prompt records it (SPEC §7); `at` is when, so the prompt stays away offline too. */
export const dismissFeedbackPromptMutation = defineMutation<{ at: string }, FeedbackPromptDate>({
  name: 'feedback.dismissPrompt',
  args: z.object({ at: isoDateTime }),
  route: recordFeedbackPromptRoute,
  resourceKey: () => feedbackPromptResource.key,
  body: () => ({ providedFeedback: false }),
  apply: (_draft, { at }) => ({ lastPromptDate: at, providedFeedback: false }),
});

/**
 * Sending feedback; the server then records a prompt with providedFeedback true (SPEC §7), which
 * is the optimistic change. Sent once: the server keeps the entry id as its idempotency key.
 */
export const sendFeedbackMutation = defineMutation<{ feedback: Feedback; at: string }, FeedbackPromptDate>({
  name: 'feedback.send',
  args: z.object({ feedback: feedbackSchema, at: isoDateTime }),
  route: sendFeedbackRoute,
  resourceKey: () => feedbackPromptResource.key,
  body: ({ feedback }) => feedback,
  apply: (_draft, { at }) => ({ lastPromptDate: at, providedFeedback: true }),
});
