import { describe, expect, it } from 'vitest';
import { isFeedbackPromptDue } from '../../../src/shared/rules/feedbackPrompt';

const DAY = 86_400_000;
const last = '2026-03-01T10:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(last) + ms);

describe('isFeedbackPromptDue (SPEC §4, §9)', () => {
  it('prompts a user never prompted', () => {
    expect(isFeedbackPromptDue({ lastPromptDate: null, providedFeedback: false }, new Date())).toBe(true);
  });

  it('waits 14 days after a prompt without feedback: not a millisecond before, and at 14 days exactly', () => {
    const state = { lastPromptDate: last, providedFeedback: false };
    expect(isFeedbackPromptDue(state, after(0))).toBe(false);
    expect(isFeedbackPromptDue(state, after(14 * DAY - 1))).toBe(false);
    expect(isFeedbackPromptDue(state, after(14 * DAY))).toBe(true);
    expect(isFeedbackPromptDue(state, after(30 * DAY))).toBe(true);
  });

  it('waits more than 42 days after feedback was given', () => {
    const state = { lastPromptDate: last, providedFeedback: true };
    expect(isFeedbackPromptDue(state, after(14 * DAY))).toBe(false);
    expect(isFeedbackPromptDue(state, after(42 * DAY - 1))).toBe(false);
    expect(isFeedbackPromptDue(state, after(42 * DAY))).toBe(false);
    expect(isFeedbackPromptDue(state, after(42 * DAY + 1))).toBe(true);
  });

  it('treats a last prompt in the future (a clock set back) as recent', () => {
    expect(isFeedbackPromptDue({ lastPromptDate: last, providedFeedback: false }, after(-5 * DAY))).toBe(false);
  });
});
