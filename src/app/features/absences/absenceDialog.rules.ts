import type { AbsenceCategory, AbsenceConfig, AbsenceRequest } from '../../../shared/contract/absences';
import {
  absenceErrorKeys,
  canWithdraw,
  enrolmentReadOnlyMessage,
  isEditableStatus,
  openOverlaps,
  readOnlyNotice,
  type OpenOverlap,
  validateAbsence,
  type AbsenceFieldErrors,
} from '../../../shared/rules/absences';
import { callRangeOf, draftOf, type AbsenceFormValues } from './absenceForm';

/**
 * The dialog's derived rules (SPEC §4), as pure functions of what the machine holds, so the
 * machine, the view and the tests read them the same way.
 */
export interface DialogFacts {
  readonly mode: 'create' | 'edit';
  readonly request: AbsenceRequest | undefined;
  readonly config: AbsenceConfig;
  /** A read-only message supplied by the host (appended to the notice). */
  readonly hostMessage: string | undefined;
  /** The profile's registrationStatus; null or undefined when unknown. */
  readonly registrationStatus: string | null | undefined;
  readonly values: AbsenceFormValues;
  readonly pendingFiles: readonly File[];
  readonly filesToDelete: readonly number[];
  readonly now: () => number;
  /** The student's requests as this device holds them (the absences table's list). */
  readonly ownRequests: readonly AbsenceRequest[];
}

/** The enrolment message, else the host's: either makes the dialog read-only (SPEC §4). */
export function readOnlyMessageOf(facts: Pick<DialogFacts, 'registrationStatus' | 'hostMessage'>): string | undefined {
  return enrolmentReadOnlyMessage(facts.registrationStatus) ?? facts.hostMessage;
}

/** Read-only: a read-only message applies, or the request's status is not Pending/AwaitingEvidence. */
export function isFormReadOnly(facts: DialogFacts): boolean {
  if (readOnlyMessageOf(facts) !== undefined) return true;
  return facts.mode === 'edit' && (!facts.request || !isEditableStatus(facts.request.absenceStatus));
}

/** SPEC §2: the default notice, with any message appended; undefined while editable. */
export function readOnlyNoticeOf(facts: DialogFacts): string | undefined {
  if (!isFormReadOnly(facts)) return undefined;
  const message = readOnlyMessageOf(facts);
  return message === undefined ? readOnlyNotice : `${readOnlyNotice} ${message}`;
}

/** SPEC §4: Pending, AwaitingEvidence, or Approved within the window, and no read-only message. */
export function isWithdrawAllowed(facts: DialogFacts): boolean {
  const { request } = facts;
  if (facts.mode !== 'edit' || !request || readOnlyMessageOf(facts) !== undefined) return false;
  return canWithdraw(request.absenceStatus, request.absenceStart, request.absenceEnd, new Date(facts.now()));
}

export function categoryOf(config: AbsenceConfig, rowId: number | null): AbsenceCategory | undefined {
  return rowId === null ? undefined : config.categories.find((category) => category.rowId === rowId);
}

/** The existing files that stay: the request's, less those marked for deletion. */
export function keptFilesOf(facts: Pick<DialogFacts, 'request' | 'filesToDelete'>): AbsenceRequest['supportingFiles'] {
  return (facts.request?.supportingFiles ?? []).filter((file) => !facts.filesToDelete.includes(file.rowId));
}

/** Every SPEC §5 error of the form as it stands (the shared rules the server runs too). */
export function validationErrorsOf(facts: DialogFacts): AbsenceFieldErrors {
  const evidenceCount = facts.pendingFiles.length + keptFilesOf(facts).length;
  return validateAbsence(draftOf(facts.values, evidenceCount), {
    mode: facts.mode,
    category: categoryOf(facts.config, facts.values.categoryRowId),
    limits: facts.config.dateLimits,
  });
}

/**
 * The student's open requests the entered range overlaps (the flood fix, issue item 9): a warning,
 * never a block. None while the range is incomplete or the form read-only; an edit leaves out the
 * request being edited.
 */
export function openOverlapsOf(facts: DialogFacts): OpenOverlap<AbsenceRequest>[] {
  const range = callRangeOf(facts.values);
  if (!range || isFormReadOnly(facts)) return [];
  return openOverlaps(range, facts.ownRequests, facts.mode === 'edit' ? facts.request?.rowId : undefined);
}

/** The error keys a change of these fields makes out of date. */
const keysOfField: Readonly<Record<keyof AbsenceFormValues, readonly string[]>> = {
  isAllDay: [absenceErrorKeys.startTime, absenceErrorKeys.endTime, absenceErrorKeys.dateRange],
  startDate: [absenceErrorKeys.startDate, absenceErrorKeys.dateRange],
  startTime: [absenceErrorKeys.startTime, absenceErrorKeys.dateRange],
  endDate: [absenceErrorKeys.endDate, absenceErrorKeys.dateRange],
  endTime: [absenceErrorKeys.endTime, absenceErrorKeys.dateRange],
  categoryRowId: [absenceErrorKeys.category, absenceErrorKeys.description, absenceErrorKeys.files],
  description: [absenceErrorKeys.description],
};

/** The errors left once the student has changed some fields: theirs are cleared until the next submit. */
export function errorsAfterChange(errors: AbsenceFieldErrors, changed: readonly (keyof AbsenceFormValues)[]): AbsenceFieldErrors {
  const stale = new Set(changed.flatMap((field) => keysOfField[field]));
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !stale.has(key)));
}
