import { fromPromise } from 'xstate';
import { cancelAbsenceRoute, clashingAttendanceRoute, type AbsenceRequest, type ClashingEvent } from '../../../shared/contract/absences';
import { callApi } from '../../api/client';
import type { AbsenceSubmission, CallRange } from './absenceForm';
import { deleteAbsenceDraft, loadAbsenceDraft, saveAbsenceDraft, type AbsenceFormDraft } from './absenceDrafts';
import { sendAbsence } from './absenceUpload';

/** The dialog machine's side effects, each a `fromPromise` actor; tests provide their own. */

export const loadDraftActor = fromPromise<AbsenceFormDraft | undefined, { key: string; basedOn: string | null }>(({ input }) =>
  loadAbsenceDraft(input.key, input.basedOn),
);

export const saveDraftActor = fromPromise<number, { key: string; draft: Omit<AbsenceFormDraft, 'savedAt'> }>(({ input }) =>
  saveAbsenceDraft(input.key, input.draft),
);

export const deleteDraftActor = fromPromise<void, { key: string }>(({ input }) => deleteAbsenceDraft(input.key));

/** GET clashingattendance for the chosen range (SPEC §7). */
export const checkClashesActor = fromPromise<ClashingEvent[], CallRange>(({ input, signal }) =>
  callApi(clashingAttendanceRoute, { query: { startDate: input.start, endDate: input.end }, signal }),
);

export interface SubmitInput {
  readonly submission: AbsenceSubmission;
  /** The same for every retry of this submit (the dialog's `submitKey`). */
  readonly idempotencyKey: string;
  readonly onProgress: (fraction: number) => void;
}

/** POST or PUT the multipart form, reporting upload progress. */
export const submitAbsenceActor = fromPromise<AbsenceRequest, SubmitInput>(({ input, signal }) =>
  sendAbsence(input.submission, { onProgress: input.onProgress, signal, idempotencyKey: input.idempotencyKey }),
);

/** POST requests/{rowId}/cancel (SPEC §7), empty body. */
export const withdrawAbsenceActor = fromPromise<AbsenceRequest, { rowId: number }>(({ input, signal }) =>
  callApi(cancelAbsenceRoute, { params: { rowId: input.rowId }, signal }),
);

/**
 * After a create, update or withdraw the request's draft, now sent or moot, is deleted. The list
 * was already reloaded before the send resolved (the routes' `invalidates`), so it is fresh before
 * the success dialog shows (SPEC §4).
 */
export const afterSuccessActor = fromPromise<void, { draftKey: string }>(async ({ input }) => {
  await deleteAbsenceDraft(input.draftKey).catch(() => undefined);
});
