import { and, assign, not, or, raise, setup, stateIn } from 'xstate';
import type { AbsenceRequest, ClashingEvent } from '../../../shared/contract/absences';
import { isApiError } from '../../api/ApiError';
import {
  afterSuccessActor,
  checkClashesActor,
  deleteDraftActor,
  loadDraftActor,
  saveDraftActor,
  submitAbsenceActor,
  withdrawAbsenceActor,
} from './absenceDialog.actors';
import {
  factsOf,
  failureErrors,
  initialContext,
  notSentMessages,
  submissionOf,
  type AbsenceDialogContext,
  type AbsenceDialogEvent,
  type AbsenceDialogInput,
  type DialogOutcome,
} from './absenceDialog.context';
import { isFormReadOnly, isWithdrawAllowed, readOnlyMessageOf, validationErrorsOf, errorsAfterChange } from './absenceDialog.rules';
import type { AbsenceFormDraft } from './absenceDrafts';
import { callRangeOf, defaultFormValues, formFromRequest, touchesRange, type AbsenceFormValues } from './absenceForm';
import { machineTypes } from '../../state/machineTypes';

export { factsOf, notSentMessages } from './absenceDialog.context';
export type { AbsenceDialogContext, AbsenceDialogEvent, AbsenceDialogInput, DialogOutcome } from './absenceDialog.context';

/**
 * The absence dialog (SPEC §2, §4): create or edit; a form tab and a withdraw tab; validating,
 * submitting (with upload progress), withdrawing, and a clash check that reruns whenever the range
 * changes. A submit that cannot reach the server keeps the whole form, files included, as a draft
 * on this device. The machine ends with an outcome the host acts on: blocked (close and toast),
 * submitted or withdrawn (success dialog). Its context, events and helpers: absenceDialog.context.ts.
 */

/** How long the clash check waits for the student to stop changing the range. */
export const clashCheckDelayMs = 300;

export const absenceDialogMachine = setup({
  types: machineTypes<{
    input: AbsenceDialogInput;
    context: AbsenceDialogContext;
    events: AbsenceDialogEvent;
    output: DialogOutcome | null;
  }>(),
  actors: {
    loadDraft: loadDraftActor,
    saveDraft: saveDraftActor,
    deleteDraft: deleteDraftActor,
    checkClashes: checkClashesActor,
    submitAbsence: submitAbsenceActor,
    withdrawAbsence: withdrawAbsenceActor,
    afterSuccess: afterSuccessActor,
  },
  actions: {
    recordEnrolment: assign(({ event }) =>
      event.type === 'ENROLMENT' ? { isEnrolmentKnown: true, registrationStatus: event.registrationStatus } : {},
    ),
    recordOwnRequests: assign(({ event }) => (event.type === 'OWN_REQUESTS' ? { ownRequests: event.requests } : {})),
    restoreDraft: assign((_, { draft }: { draft: AbsenceFormDraft | undefined }) =>
      draft
        ? {
            values: draft.values,
            pendingFiles: draft.pendingFiles,
            filesToDelete: draft.filesToDelete,
            draftSavedAt: draft.savedAt,
            isDraftRestored: true,
            ...(draft.submitKey ? { submitKey: draft.submitKey } : {}),
          }
        : {},
    ),
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      const changed = Object.keys(event.values) as (keyof AbsenceFormValues)[];
      return { values: { ...context.values, ...event.values }, errors: errorsAfterChange(context.errors, changed) };
    }),
    /** The clash region decides whether the range can be checked (SPEC §4: both dates set). */
    recheckClashes: raise({ type: 'RANGE_CHANGED' }),
    setPendingFiles: assign(({ context, event }) =>
      event.type === 'SET_PENDING_FILES'
        ? { pendingFiles: [...event.files], errors: errorsAfterChange(context.errors, ['categoryRowId']) }
        : {},
    ),
    removeExistingFile: assign(({ context, event }) =>
      event.type === 'REMOVE_EXISTING_FILE' && !context.filesToDelete.includes(event.rowId)
        ? { filesToDelete: [...context.filesToDelete, event.rowId] }
        : {},
    ),
    showValidationErrors: assign(({ context }) => ({
      errors: validationErrorsOf(factsOf(context)),
      errorRevision: context.errorRevision + 1,
    })),
    showFailure: assign(({ context }, { error }: { error: unknown }) => ({
      errors: failureErrors(error),
      errorRevision: context.errorRevision + 1,
    })),
    showNotSent: assign(({ context }, { savedAt }: { savedAt: number | undefined }) => ({
      errors: { network: [savedAt === undefined ? notSentMessages.notSavedInBox : notSentMessages.savedInBox] },
      errorRevision: context.errorRevision + 1,
      draftSavedAt: savedAt ?? context.draftSavedAt,
    })),
    clearErrors: assign({ errors: {} }),
    setProgress: assign((_, fraction: number | null) => ({ progress: fraction })),
    setClashes: assign((_, clashes: readonly ClashingEvent[]) => ({ clashes })),
    clearClashes: assign({ clashes: [] }),
    forgetDraft: assign({
      values: ({ context }) => (context.request ? formFromRequest(context.request) : defaultFormValues),
      pendingFiles: [],
      filesToDelete: [],
      draftSavedAt: undefined,
      isDraftRestored: false,
      errors: {},
    }),
    recordBlocked: assign(({ context }) => ({
      outcome: { kind: 'blocked', message: readOnlyMessageOf(context) ?? '' } satisfies DialogOutcome,
    })),
    recordSubmitted: assign(({ context }, request: AbsenceRequest) => ({
      outcome: { kind: 'submitted', mode: context.mode, request } satisfies DialogOutcome,
    })),
    recordWithdrawn: assign((_, request: AbsenceRequest) => ({
      outcome: { kind: 'withdrawn', request } satisfies DialogOutcome,
    })),
  },
  guards: {
    isEnrolmentKnown: ({ context }) => context.isEnrolmentKnown,
    changesRange: ({ event }) => event.type === 'CHANGE' && touchesRange(event.values),
    isCreationBlocked: ({ context }) => context.mode === 'create' && readOnlyMessageOf(context) !== undefined,
    isEditable: ({ context }) => !isFormReadOnly(factsOf(context)),
    canWithdraw: ({ context }) => isWithdrawAllowed(factsOf(context)),
    hasValidationErrors: ({ context }) => Object.keys(validationErrorsOf(factsOf(context))).length > 0,
    hasCheckableRange: ({ context }) => callRangeOf(context.values) !== undefined && !isFormReadOnly(factsOf(context)),
    isNetworkFailure: (_, { error }: { error: unknown }) => isApiError(error) && error.isNetworkError,
  },
  delays: {
    clashCheckDelay: clashCheckDelayMs,
  },
}).createMachine({
  id: 'absenceDialog',
  context: initialContext,
  output: ({ context }) => context.outcome ?? null,
  on: {
    ENROLMENT: { actions: 'recordEnrolment' },
    // Not while a submit is out or after it: the list it reloads already holds the request sent.
    OWN_REQUESTS: {
      guard: not(or([stateIn({ open: { tabs: { form: 'submitting' } } }), stateIn('finishing'), stateIn('done')])),
      actions: 'recordOwnRequests',
    },
  },
  initial: 'preparing',
  states: {
    preparing: {
      invoke: {
        src: 'loadDraft',
        input: ({ context }) => ({ key: context.draftKey, basedOn: context.request?.lastModified ?? null }),
        onDone: { target: 'awaitingEnrolment', actions: { type: 'restoreDraft', params: ({ event }) => ({ draft: event.output }) } },
        onError: { target: 'awaitingEnrolment' },
      },
    },
    // 'Fetching your enrolment status...' shows here while the profile loads (SPEC §2).
    awaitingEnrolment: {
      always: [
        { guard: and(['isEnrolmentKnown', 'isCreationBlocked']), target: 'blocked' },
        { guard: 'isEnrolmentKnown', target: 'open' },
      ],
    },
    blocked: {
      type: 'final',
      entry: 'recordBlocked',
    },
    open: {
      type: 'parallel',
      entry: 'recheckClashes',
      states: {
        tabs: {
          initial: 'form',
          states: {
            form: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    CHANGE: [
                      { guard: and(['isEditable', 'changesRange']), actions: ['applyChange', 'recheckClashes'] },
                      { guard: 'isEditable', actions: 'applyChange' },
                    ],
                    SET_PENDING_FILES: { guard: 'isEditable', actions: 'setPendingFiles' },
                    REMOVE_EXISTING_FILE: { guard: 'isEditable', actions: 'removeExistingFile' },
                    SUBMIT: [
                      { guard: not('isEditable') },
                      { guard: 'hasValidationErrors', actions: 'showValidationErrors' },
                      { target: 'submitting', actions: 'clearErrors' },
                    ],
                    DISCARD_DRAFT: { target: 'discardingDraft' },
                    SHOW_WITHDRAW: { guard: 'canWithdraw', target: '#absenceDialog.open.tabs.withdraw' },
                  },
                },
                submitting: {
                  entry: { type: 'setProgress', params: 0 },
                  exit: { type: 'setProgress', params: null },
                  on: {
                    UPLOAD_PROGRESS: { actions: { type: 'setProgress', params: ({ event }) => event.fraction } },
                  },
                  invoke: {
                    src: 'submitAbsence',
                    input: ({ context, self }) => ({
                      submission: submissionOf(context),
                      idempotencyKey: context.submitKey,
                      onProgress: (fraction: number) => self.send({ type: 'UPLOAD_PROGRESS', fraction }),
                    }),
                    onDone: {
                      target: '#absenceDialog.finishing',
                      actions: { type: 'recordSubmitted', params: ({ event }) => event.output },
                    },
                    onError: [
                      { guard: { type: 'isNetworkFailure', params: ({ event }) => ({ error: event.error }) }, target: 'savingDraft' },
                      { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
                    ],
                  },
                },
                savingDraft: {
                  invoke: {
                    src: 'saveDraft',
                    input: ({ context }) => ({
                      key: context.draftKey,
                      draft: {
                        values: context.values,
                        pendingFiles: context.pendingFiles,
                        filesToDelete: context.filesToDelete,
                        basedOn: context.request?.lastModified ?? null,
                        submitKey: context.submitKey,
                      },
                    }),
                    onDone: {
                      target: 'editing',
                      actions: [{ type: 'showNotSent', params: ({ event }) => ({ savedAt: event.output }) }],
                    },
                    onError: {
                      target: 'editing',
                      actions: [{ type: 'showNotSent', params: { savedAt: undefined } }],
                    },
                  },
                },
                discardingDraft: {
                  invoke: {
                    src: 'deleteDraft',
                    input: ({ context }) => ({ key: context.draftKey }),
                    onDone: { target: 'editing', actions: ['forgetDraft', 'recheckClashes'] },
                    onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
              },
            },
            withdraw: {
              initial: 'confirming',
              states: {
                confirming: {
                  on: {
                    SHOW_FORM: { target: '#absenceDialog.open.tabs.form' },
                    // The form's errors are not the withdrawal's: a failure shows its own.
                    CONFIRM_WITHDRAW: { target: 'withdrawing', actions: 'clearErrors' },
                  },
                },
                withdrawing: {
                  invoke: {
                    src: 'withdrawAbsence',
                    input: ({ context }) => ({ rowId: context.request?.rowId ?? 0 }),
                    onDone: {
                      target: '#absenceDialog.finishing',
                      actions: { type: 'recordWithdrawn', params: ({ event }) => event.output },
                    },
                    // SPEC §4: a failed withdraw returns to the form tab and shows the errors.
                    onError: {
                      target: '#absenceDialog.open.tabs.form',
                      actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
              },
            },
          },
        },
        clashes: {
          initial: 'idle',
          on: {
            RANGE_CHANGED: [
              { guard: 'hasCheckableRange', target: '.waiting', reenter: true },
              { target: '.idle', actions: 'clearClashes' },
            ],
          },
          states: {
            idle: {},
            waiting: {
              after: { clashCheckDelay: 'checking' },
            },
            checking: {
              invoke: {
                src: 'checkClashes',
                input: ({ context }) => callRangeOf(context.values) ?? { start: '', end: '' },
                onDone: { target: 'idle', actions: { type: 'setClashes', params: ({ event }) => event.output } },
                // Offline or refused: no warning rather than a stale one.
                onError: { target: 'idle', actions: 'clearClashes' },
              },
            },
          },
        },
      },
    },
    finishing: {
      invoke: {
        src: 'afterSuccess',
        input: ({ context }) => ({ draftKey: context.draftKey }),
        onDone: { target: 'done' },
        onError: { target: 'done' },
      },
    },
    done: {
      type: 'final',
    },
  },
});
