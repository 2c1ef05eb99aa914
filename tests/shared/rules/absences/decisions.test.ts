import { describe, expect, it } from 'vitest';
import { absenceDecisionTable, decisionErrors, decisionMessages, findDecision } from '../../../../src/shared/rules/absences/decisions';

describe('the absence decision table', () => {
  it('lets reviewers decide only requests that wait for them', () => {
    expect(Object.entries(absenceDecisionTable).filter(([, decisions]) => decisions.length > 0).map(([from]) => from).sort())
      .toEqual(['AwaitingEvidence', 'Pending', 'PendingCancellation']);
  });

  it('names Keep and Confirm cancellation for a withdrawn approval', () => {
    expect(findDecision('PendingCancellation', 'Approved')?.label).toBe('Keep');
    expect(findDecision('PendingCancellation', 'Cancelled')?.label).toBe('Confirm cancellation');
    expect(findDecision('Pending', 'Cancelled')).toBeUndefined();
  });

  it('requires a message to deny or to ask for evidence, and nothing else', () => {
    expect(decisionErrors('Pending', 'Denied', '  ')).toEqual({ messageToStudent: [decisionMessages.messageRequired] });
    expect(decisionErrors('Pending', 'AwaitingEvidence', undefined)).toEqual({ messageToStudent: [decisionMessages.messageRequired] });
    expect(decisionErrors('Pending', 'Denied', 'Not a reason for absence.')).toEqual({});
    expect(decisionErrors('Pending', 'Approved', null)).toEqual({});
    expect(decisionErrors('Approved', 'Denied', 'Too late.')).toEqual({ absenceStatus: [decisionMessages.notAllowed('Approved', 'Denied')] });
  });
});
