import type { Feedback } from '../../../shared/contract/feedback';
import { enqueueMutation } from '../../sync/outbox';
import { dismissFeedbackPromptMutation, sendFeedbackMutation } from './feedback.mutations';

/** Records a dismissed prompt through the outbox (applied at once, sent when the server answers). */
export async function dismissFeedbackPrompt(now: Date = new Date()): Promise<void> {
  await enqueueMutation(dismissFeedbackPromptMutation, { at: now.toISOString() });
}

/** Queues the feedback in the outbox: stored on this device at once, sent once when the server answers. */
export async function sendFeedback(feedback: Feedback, now: Date = new Date()): Promise<void> {
  await enqueueMutation(sendFeedbackMutation, { feedback, at: now.toISOString() });
}
