import type { AbsenceStatus } from '../../contract/absences';
import { absence, fullyEnrolledStatus } from '../../constants';
import { enrolmentMessages } from './messages';

/** SPEC §4: the form is editable only in these statuses. */
export const editableStatuses: readonly AbsenceStatus[] = ['Pending', 'AwaitingEvidence'];

export function isEditableStatus(status: AbsenceStatus): boolean {
  return editableStatuses.includes(status);
}

/**
 * SPEC §4 enrolment rule: undefined when the student may create and edit; otherwise the
 * read-only message. null or undefined (no profile, no status) is "unknown".
 */
export function enrolmentReadOnlyMessage(registrationStatus: string | null | undefined): string | undefined {
  if (registrationStatus === null || registrationStatus === undefined) return enrolmentMessages.unknown;
  return registrationStatus === fullyEnrolledStatus ? undefined : enrolmentMessages.notFullyEnrolled;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The 30-day withdraw window of an Approved absence. SPEC §4 hides Withdraw "when the absence
 * started more than 30 days ago and has ended" and calls the condition ambiguous; we read it
 * literally: withdrawal is allowed unless BOTH hold, i.e. while the absence has not ended
 * (end > now), or when it started at most 30 days ago (start ≥ now − 30 days).
 */
export function isWithinWithdrawWindow(start: Date | string, end: Date | string, now: Date): boolean {
  const startedLongAgo = new Date(start).getTime() < now.getTime() - absence.withdrawWindowDays * DAY_MS;
  const hasEnded = new Date(end).getTime() <= now.getTime();
  return !(startedLongAgo && hasEnded);
}

/**
 * What withdrawing does: Pending and AwaitingEvidence become Cancelled; Approved becomes
 * PendingCancellation (staff confirm it) inside the window; anything else cannot be withdrawn
 * (undefined). The read-only rules (enrolment, host message) apply on top of this.
 */
export function withdrawOutcome(status: AbsenceStatus, start: Date | string, end: Date | string, now: Date): AbsenceStatus | undefined {
  if (isEditableStatus(status)) return 'Cancelled';
  if (status === 'Approved' && isWithinWithdrawWindow(start, end, now)) return 'PendingCancellation';
  return undefined;
}

export function canWithdraw(status: AbsenceStatus, start: Date | string, end: Date | string, now: Date): boolean {
  return withdrawOutcome(status, start, end, now) !== undefined;
}
