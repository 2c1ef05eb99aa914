import { describe, expect, it } from 'vitest';
import type { AbsenceStatus } from '../../../../src/shared/contract/absences';
import {
  canWithdraw, enrolmentMessages, enrolmentReadOnlyMessage, isEditableStatus, readOnlyNotice, withdrawOutcome,
} from '../../../../src/shared/rules/absences';

const now = new Date('2025-11-20T12:00:00Z');
const daysAgo = (days: number): Date => new Date(now.getTime() - days * 86_400_000);

describe('edit rule', () => {
  it.each<[AbsenceStatus, boolean]>([
    ['Pending', true], ['AwaitingEvidence', true], ['Approved', false], ['Denied', false], ['PendingCancellation', false], ['Cancelled', false],
  ])('%s editable: %s', (status, expected) => {
    expect(isEditableStatus(status)).toBe(expected);
  });

  it.each<[string | null | undefined, string | undefined]>([
    ['Registered-Enrolled', undefined],
    [null, 'This is because we are unable to determine your enrolment status. Please try again later.'],
    [undefined, 'This is because we are unable to determine your enrolment status. Please try again later.'],
    ['Registered-NotEnrolled', 'This is because you are not fully enrolled. Please check your profile in the top right for more information.'],
    ['', 'This is because you are not fully enrolled. Please check your profile in the top right for more information.'],
  ])('enrolment %s', (status, expected) => {
    expect(enrolmentReadOnlyMessage(status)).toBe(expected);
  });

  it('keeps the read-only texts verbatim', () => {
    expect(readOnlyNotice).toBe('This absence is in read-only mode so cannot be edited.');
    expect(Object.values(enrolmentMessages)).toHaveLength(2);
  });
});

describe('withdraw rule', () => {
  it.each<[string, AbsenceStatus, Date, Date, AbsenceStatus | undefined]>([
    ['Pending', 'Pending', daysAgo(-5), daysAgo(-6), 'Cancelled'],
    ['AwaitingEvidence, in the past', 'AwaitingEvidence', daysAgo(60), daysAgo(59), 'Cancelled'],
    ['Approved, future', 'Approved', daysAgo(-3), daysAgo(-4), 'PendingCancellation'],
    ['Approved, started 10 days ago and ended', 'Approved', daysAgo(10), daysAgo(9), 'PendingCancellation'],
    ['Approved, started exactly 30 days ago and ended', 'Approved', daysAgo(30), daysAgo(29), 'PendingCancellation'],
    ['Approved, started 31 days ago, still running', 'Approved', daysAgo(31), daysAgo(-1), 'PendingCancellation'],
    ['Approved, started 31 days ago and ended', 'Approved', daysAgo(31), daysAgo(30), undefined],
    ['Approved, started 31 days ago, ends now', 'Approved', daysAgo(31), now, undefined],
    ['Denied', 'Denied', daysAgo(-5), daysAgo(-6), undefined],
    ['PendingCancellation', 'PendingCancellation', daysAgo(-5), daysAgo(-6), undefined],
    ['Cancelled', 'Cancelled', daysAgo(-5), daysAgo(-6), undefined],
  ])('%s → %s', (_name, status, start, end, expected) => {
    expect(withdrawOutcome(status, start, end, now)).toBe(expected);
    expect(canWithdraw(status, start.toISOString(), end.toISOString(), now)).toBe(expected !== undefined);
  });
});
