import type { AbsenceConfig, AbsenceRequest, ClashingEvent } from '../../../shared/contract/absences';
import type { AbsenceFieldErrors } from '../../../shared/rules/absences';
import { newIdempotencyKey } from '../../api/actionKey';
import { toErrorDetails } from '../../api/errorHandler';
import type { DialogFacts } from './absenceDialog.rules';
import { draftKeyOf } from './absenceDrafts';
import {
  callRangeOf,
  defaultFormValues,
  formFromRequest,
  generalErrorKey,
  type AbsenceFormValues,
  type AbsenceSubmission,
} from './absenceForm';

/** What the absence dialog machine (absenceDialog.machine.ts) is given, holds, takes and ends with. */
export interface AbsenceDialogInput {
  readonly mode: 'create' | 'edit';
  /** The request being edited. */
  readonly request?: AbsenceRequest;
  /** Values a new request starts from instead of the defaults (a class's dates, from a link). */
  readonly prefill?: Partial<AbsenceFormValues>;
  readonly config: AbsenceConfig;
  /** Sent as StudentId (SPEC §3); the server files every request under the session user anyway. */
  readonly studentId: string;
  /** A read-only message from the host, appended to the notice. */
  readonly hostMessage?: string;
  /** The enrolment status when the profile is already known; the host sends ENROLMENT otherwise. */
  readonly enrolment?: { readonly registrationStatus: string | null | undefined };
  /** The student's requests as this device holds them; the host sends OWN_REQUESTS when they change. */
  readonly ownRequests?: readonly AbsenceRequest[];
  readonly now?: () => number;
}

export type DialogOutcome =
  | { readonly kind: 'blocked'; readonly message: string }
  | { readonly kind: 'submitted'; readonly mode: 'create' | 'edit'; readonly request: AbsenceRequest }
  | { readonly kind: 'withdrawn'; readonly request: AbsenceRequest };

export interface AbsenceDialogContext {
  readonly mode: 'create' | 'edit';
  readonly request: AbsenceRequest | undefined;
  readonly config: AbsenceConfig;
  readonly studentId: string;
  readonly hostMessage: string | undefined;
  readonly now: () => number;
  readonly draftKey: string;
  /**
   * The submit's Idempotency-Key: made when the dialog opens (or taken from the draft of a submit
   * that could not be confirmed) and kept for every retry, so a create whose answer was lost is
   * answered again by the server rather than made twice.
   */
  readonly submitKey: string;
  readonly isEnrolmentKnown: boolean;
  readonly registrationStatus: string | null | undefined;
  readonly values: AbsenceFormValues;
  readonly pendingFiles: readonly File[];
  readonly filesToDelete: readonly number[];
  readonly errors: AbsenceFieldErrors;
  /** Bumped whenever errors are shown, so the view scrolls to the box even when they are the same. */
  readonly errorRevision: number;
  readonly clashes: readonly ClashingEvent[];
  /**
   * The student's requests, for the warning about overlapping open ones. Kept as they were while a
   * submit is being sent: the list it reloads holds the request just sent, which is no overlap.
   */
  readonly ownRequests: readonly AbsenceRequest[];
  /** 0..1 while the form uploads, else null. */
  readonly progress: number | null;
  /** When the draft on this device was saved; undefined when there is none. */
  readonly draftSavedAt: number | undefined;
  /** The form was filled from a saved draft. */
  readonly isDraftRestored: boolean;
  readonly outcome: DialogOutcome | undefined;
}

export type AbsenceDialogEvent =
  | { readonly type: 'ENROLMENT'; readonly registrationStatus: string | null | undefined }
  | { readonly type: 'OWN_REQUESTS'; readonly requests: readonly AbsenceRequest[] }
  | { readonly type: 'CHANGE'; readonly values: Partial<AbsenceFormValues> }
  | { readonly type: 'SET_PENDING_FILES'; readonly files: readonly File[] }
  | { readonly type: 'REMOVE_EXISTING_FILE'; readonly rowId: number }
  | { readonly type: 'SUBMIT' }
  | { readonly type: 'DISCARD_DRAFT' }
  | { readonly type: 'SHOW_WITHDRAW' }
  | { readonly type: 'SHOW_FORM' }
  | { readonly type: 'CONFIRM_WITHDRAW' }
  | { readonly type: 'UPLOAD_PROGRESS'; readonly fraction: number }
  | { readonly type: 'RANGE_CHANGED' };

/** Shown in the error box (only there: not repeated as a toast) when a submit cannot reach the server (SPEC §8 key `network`). */
export const notSentMessages = {
  savedInBox:
    'Your absence request has NOT been sent: this device is offline or the server cannot be reached. Everything you entered, including your files, is saved on this device. Open this form again when you are back online and submit it.',
  notSavedInBox:
    'Your absence request has NOT been sent: this device is offline or the server cannot be reached, and it could not be saved on this device either. Keep this form open and submit it again when you are back online.',
} as const;

export const factsOf = (context: AbsenceDialogContext): DialogFacts => context;

export function submissionOf(context: AbsenceDialogContext): AbsenceSubmission {
  const range = callRangeOf(context.values);
  const { categoryRowId } = context.values;
  if (!range || categoryRowId === null) throw new Error('The absence form was submitted before it was valid.');
  return {
    mode: context.mode,
    rowId: context.request?.rowId,
    studentId: context.studentId,
    categoryRowId,
    range,
    description: context.values.description,
    files: context.pendingFiles,
    filesToDelete: context.filesToDelete,
  };
}

/** A failure's errors for the box: its field errors, or its message when it has none. */
export function failureErrors(error: unknown): AbsenceFieldErrors {
  const details = toErrorDetails(error);
  return Object.keys(details.errors).length > 0 ? details.errors : { [generalErrorKey]: [details.message] };
}

/** The context the dialog opens with: the request's values (or the SPEC §5 defaults), nothing else yet. */
export const initialContext = ({ input }: { input: AbsenceDialogInput }): AbsenceDialogContext => ({
  mode: input.mode,
  request: input.request,
  config: input.config,
  studentId: input.studentId,
  hostMessage: input.hostMessage,
  now: input.now ?? Date.now,
  draftKey: draftKeyOf(input.mode === 'edit' ? input.request : undefined),
  submitKey: newIdempotencyKey(),
  isEnrolmentKnown: input.enrolment !== undefined,
  registrationStatus: input.enrolment?.registrationStatus,
  values: input.request ? formFromRequest(input.request) : { ...defaultFormValues, ...input.prefill },
  pendingFiles: [],
  filesToDelete: [],
  errors: {},
  errorRevision: 0,
  clashes: [],
  ownRequests: input.ownRequests ?? [],
  progress: null,
  draftSavedAt: undefined,
  isDraftRestored: false,
  outcome: undefined,
});
