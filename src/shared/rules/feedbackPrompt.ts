import type { FeedbackPromptDate } from '../contract/feedback';

const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §9: days between prompts, and after feedback was given. */
export const feedbackPromptIntervalDays = 14;
export const feedbackPromptIntervalAfterFeedbackDays = 42;

/**
 * SPEC §4: the prompt shows unless fewer than 14 days have passed since the last prompt; when
 * feedback was given, only after more than 42 days. So 14 days exactly shows it again, and 42 days
 * exactly after feedback does not yet. No prompt yet: it shows. A last prompt in the future (a
 * clock set back) counts as recent.
 */
export function isFeedbackPromptDue(state: FeedbackPromptDate, now: Date): boolean {
  if (state.lastPromptDate === null) return true;
  const last = Date.parse(state.lastPromptDate);
  if (Number.isNaN(last)) return true;
  const elapsed = now.getTime() - last;
  return state.providedFeedback
    ? elapsed > feedbackPromptIntervalAfterFeedbackDays * DAY_MS
    : elapsed >= feedbackPromptIntervalDays * DAY_MS;
}
