import type { AbsenceStatus } from '../../contract/absences';

/**
 * The decisions a reviewer may take on an absence request: one table for both sides. The server
 * refuses anything not listed here; the review screen offers exactly these buttons. SPEC §4 says
 * the allowed transitions are set by the server and does not show them; these are ours:
 *
 *   from                 decision (button)         to
 *   Pending              Approve                   Approved
 *                        Deny                      Denied              (message required)
 *                        Request evidence          AwaitingEvidence    (message required)
 *   AwaitingEvidence     Approve                   Approved
 *                        Deny                      Denied              (message required)
 *   PendingCancellation  Confirm cancellation      Cancelled
 *                        Keep                      Approved
 *   Approved, Denied, Cancelled: final, no decision.
 *
 * A student's own changes (edit, withdraw) follow the rules in status.ts, not this table.
 */
export interface AbsenceDecision {
  /** The status the request gets. */
  readonly to: AbsenceStatus;
  /** The button's label. */
  readonly label: string;
  /** Deny and Request evidence must tell the student why, or what to send. */
  readonly requiresMessage: boolean;
  /** What was done, once it is: 'Approved', 'Evidence requested'. */
  readonly done: string;
}

const approve: AbsenceDecision = { to: 'Approved', label: 'Approve', requiresMessage: false, done: 'Approved' };
const deny: AbsenceDecision = { to: 'Denied', label: 'Deny', requiresMessage: true, done: 'Denied' };
const requestEvidence: AbsenceDecision = { to: 'AwaitingEvidence', label: 'Request evidence', requiresMessage: true, done: 'Evidence requested' };
const confirmCancellation: AbsenceDecision = { to: 'Cancelled', label: 'Confirm cancellation', requiresMessage: false, done: 'Cancellation confirmed' };
const keep: AbsenceDecision = { to: 'Approved', label: 'Keep', requiresMessage: false, done: 'Kept (cancellation refused)' };

export const absenceDecisionTable: Readonly<Record<AbsenceStatus, readonly AbsenceDecision[]>> = {
  Pending: [approve, deny, requestEvidence],
  AwaitingEvidence: [approve, deny],
  PendingCancellation: [confirmCancellation, keep],
  Approved: [],
  Denied: [],
  Cancelled: [],
};

/** The statuses that wait for a reviewer: the review queue's default filter. */
export const awaitingReviewStatuses: readonly AbsenceStatus[] = ['Pending', 'AwaitingEvidence', 'PendingCancellation'];

/**
 * How long a reviewer may undo a decision (issue 31). The student is told only once it has passed,
 * so an undone decision reaches no one.
 */
export const decisionUndoWindowMs = 10_000;

/** The most characters a message to the student may have. */
export const messageToStudentMaxLength = 1000;

export const decisionMessages = {
  notAllowed: (from: AbsenceStatus, to: AbsenceStatus) => `A request that is ${from} cannot become ${to}.`,
  messageRequired: 'Please write a message to the student explaining this decision.',
  stale: 'This absence request has changed since you opened it. Reload it to see the changes, then decide again.',
  ownRequest: 'You cannot decide your own absence request. Another reviewer must decide it.',
  undoTooLate: 'This decision can no longer be undone: the student has been told, or the request has changed since.',
} as const;

/** What a decision by its label did ('Approve' → 'Approved'); the label itself when unknown. */
export function decisionDone(label: string): string {
  return Object.values(absenceDecisionTable).flat().find((decision) => decision.label === label)?.done ?? label;
}

/** The decision that takes a request from `from` to `to`, or undefined when there is none. */
export function findDecision(from: AbsenceStatus, to: AbsenceStatus): AbsenceDecision | undefined {
  return absenceDecisionTable[from].find((decision) => decision.to === to);
}

/**
 * Checks a decision against the table: the errors keyed by field (`absenceStatus`,
 * `messageToStudent`), empty when it is allowed.
 */
export function decisionErrors(from: AbsenceStatus, to: AbsenceStatus, messageToStudent: string | null | undefined): Record<string, string[]> {
  const decision = findDecision(from, to);
  if (!decision) return { absenceStatus: [decisionMessages.notAllowed(from, to)] };
  if (decision.requiresMessage && !messageToStudent?.trim()) return { messageToStudent: [decisionMessages.messageRequired] };
  return {};
}
