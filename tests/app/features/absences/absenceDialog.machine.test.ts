import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AbsenceRequest, ClashingEvent } from '../../../../src/shared/contract/absences';
import { absenceMessages, enrolmentMessages } from '../../../../src/shared/rules/absences';
import { ApiError } from '../../../../src/app/api/ApiError';
import {
  absenceDialogMachine,
  clashCheckDelayMs,
  factsOf,
  notSentMessages,
  type AbsenceDialogContext,
  type AbsenceDialogEvent,
  type AbsenceDialogInput,
} from '../../../../src/app/features/absences/absenceDialog.machine';
import { openOverlapsOf } from '../../../../src/app/features/absences/absenceDialog.rules';
import type { SubmitInput } from '../../../../src/app/features/absences/absenceDialog.actors';
import type { AbsenceFormDraft } from '../../../../src/app/features/absences/absenceDrafts';
import type { CallRange } from '../../../../src/app/features/absences/absenceForm';
import { categories, config, makeFile, makeRequest } from './fixtures';

const enrolled = 'Registered-Enrolled';
const now = new Date('2025-11-01T12:00:00Z').getTime();

interface Fakes {
  draft?: AbsenceFormDraft;
  submit?: (input: SubmitInput) => Promise<AbsenceRequest>;
  saveDraft?: () => Promise<number>;
  withdraw?: () => Promise<AbsenceRequest>;
  clashes?: (range: CallRange) => Promise<ClashingEvent[]>;
}

function start(input: Partial<AbsenceDialogInput> = {}, fakes: Fakes = {}) {
  const calls = {
    submitted: [] as SubmitInput[],
    savedDrafts: [] as { key: string; draft: Omit<AbsenceFormDraft, 'savedAt'> }[],
    deletedDrafts: [] as string[],
    clashChecks: [] as CallRange[],
    withdrawn: [] as number[],
    afterSuccess: [] as string[],
  };
  const machine = absenceDialogMachine.provide({
    actors: {
      loadDraft: fromPromise(async () => fakes.draft),
      saveDraft: fromPromise(async ({ input }: { input: { key: string; draft: Omit<AbsenceFormDraft, 'savedAt'> } }) => {
        calls.savedDrafts.push(input);
        return fakes.saveDraft ? fakes.saveDraft() : now;
      }),
      deleteDraft: fromPromise(async ({ input }: { input: { key: string } }) => {
        calls.deletedDrafts.push(input.key);
      }),
      checkClashes: fromPromise(async ({ input }: { input: CallRange }) => {
        calls.clashChecks.push(input);
        return fakes.clashes ? fakes.clashes(input) : [];
      }),
      submitAbsence: fromPromise(async ({ input }: { input: SubmitInput }) => {
        calls.submitted.push(input);
        return fakes.submit ? fakes.submit(input) : makeRequest({ rowId: 99 });
      }),
      withdrawAbsence: fromPromise(async ({ input }: { input: { rowId: number } }) => {
        calls.withdrawn.push(input.rowId);
        return fakes.withdraw ? fakes.withdraw() : makeRequest({ absenceStatus: 'Cancelled' });
      }),
      afterSuccess: fromPromise(async ({ input }: { input: { draftKey: string } }) => {
        calls.afterSuccess.push(input.draftKey);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { mode: 'create', config, studentId: 'S2400001', now: () => now, ...input },
  });
  actor.start();
  const send = (event: AbsenceDialogEvent) => actor.send(event);
  const state = () => actor.getSnapshot();
  return { actor, send, state, calls };
}

/** Lets promise actors settle and runs due timers. */
const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

const isEditing = { open: { tabs: { form: 'editing' } } } as const;
const validAllDay = { isAllDay: true, startDate: '2025-11-20', endDate: '2025-11-21', categoryRowId: categories.observance.rowId } as const;

beforeEach(() => {
  vi.useFakeTimers({ now });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('opening', () => {
  it('waits for the enrolment status, then opens the form with the SPEC §5 defaults', async () => {
    const { send, state } = start();
    await settle();
    expect(state().matches('awaitingEnrolment')).toBe(true);
    send({ type: 'ENROLMENT', registrationStatus: enrolled });
    expect(state().matches(isEditing)).toBe(true);
    expect(state().context.values).toEqual({
      isAllDay: false,
      startDate: null,
      startTime: '15:00',
      endDate: null,
      endTime: '16:00',
      categoryRowId: null,
      description: '',
    });
  });

  it('opens at once when the host already knows the enrolment', async () => {
    const { state } = start({ enrolment: { registrationStatus: enrolled } });
    await settle();
    expect(state().matches(isEditing)).toBe(true);
  });

  it.each([
    ['not fully enrolled', 'Registered-NotEnrolled', enrolmentMessages.notFullyEnrolled],
    ['unknown (no status)', null, enrolmentMessages.unknown],
    ['unknown (no profile)', undefined, enrolmentMessages.unknown],
  ])('ends a create as blocked when the student is %s', async (_, status, message) => {
    const { send, state } = start();
    await settle();
    send({ type: 'ENROLMENT', registrationStatus: status });
    expect(state().status).toBe('done');
    expect(state().output).toEqual({ kind: 'blocked', message });
  });

  it('opens an edit read-only instead when the student is not fully enrolled', async () => {
    const { send, state } = start({ mode: 'edit', request: makeRequest(), enrolment: { registrationStatus: 'Registered-NotEnrolled' } });
    await settle();
    expect(state().matches(isEditing)).toBe(true);
    send({ type: 'CHANGE', values: { description: 'changed' } });
    send({ type: 'SUBMIT' });
    send({ type: 'SHOW_WITHDRAW' });
    expect(state().context.values.description).toBe('Migraine.');
    expect(state().matches(isEditing)).toBe(true);
  });

  it('shows an all-day request with its last day as the end (SPEC §4)', async () => {
    const request = makeRequest({ absenceStart: '2025-11-10T00:00:00+00:00', absenceEnd: '2025-11-13T00:00:00+00:00' });
    const { state } = start({ mode: 'edit', request, enrolment: { registrationStatus: enrolled } });
    await settle();
    expect(state().context.values).toMatchObject({ isAllDay: true, startDate: '2025-11-10', endDate: '2025-11-12' });
  });
});

describe('validating and submitting', () => {
  it('lists every SPEC §5 error of an empty form and stays on the form', async () => {
    const { send, state, calls } = start({ enrolment: { registrationStatus: enrolled } });
    await settle();
    send({ type: 'CHANGE', values: { startTime: '', endTime: '' } });
    send({ type: 'SUBMIT' });
    expect(state().matches(isEditing)).toBe(true);
    expect(state().context.errors).toEqual({
      startDate: [absenceMessages.startDateRequired],
      endDate: [absenceMessages.endDateRequired],
      startTime: [absenceMessages.startTimeRequired],
      endTime: [absenceMessages.endTimeRequired],
      absenceCategoryRowId: [absenceMessages.categoryRequired],
    });
    expect(state().context.errorRevision).toBe(1);
    expect(calls.submitted).toEqual([]);
  });

  it('asks for evidence and a description when the category needs them', async () => {
    const { send, state } = start({ enrolment: { registrationStatus: enrolled } });
    await settle();
    send({ type: 'CHANGE', values: { ...validAllDay, categoryRowId: categories.illness.rowId } });
    send({ type: 'SUBMIT' });
    expect(state().context.errors).toEqual({ supportingFiles: [absenceMessages.evidenceRequired] });
    send({ type: 'CHANGE', values: { categoryRowId: categories.other.rowId } });
    expect(state().context.errors).toEqual({}); // the category's errors are out of date once it changes
    send({ type: 'SUBMIT' });
    expect(state().context.errors).toEqual({ absenceDescription: [absenceMessages.descriptionRequired] });
  });

  it('files an end before the start under dateRange', async () => {
    const { send, state } = start({ enrolment: { registrationStatus: enrolled } });
    await settle();
    send({ type: 'CHANGE', values: { ...validAllDay, startDate: '2025-11-21', endDate: '2025-11-20' } });
    send({ type: 'SUBMIT' });
    expect(state().context.errors).toEqual({ dateRange: [absenceMessages.endAfterStart] });
  });

  it('sends an all-day request from midnight to the midnight after its last day, with its files and progress', async () => {
    const file = makeFile();
    let progressSeen: number | null = null;
    const { send, state, calls } = start(
      { enrolment: { registrationStatus: enrolled } },
      {
        submit: async (input) => {
          input.onProgress(0.5);
          await Promise.resolve();
          progressSeen = state().context.progress;
          return makeRequest({ rowId: 99 });
        },
      },
    );
    await settle();
    send({ type: 'CHANGE', values: { ...validAllDay, description: '  Diwali  ' } });
    send({ type: 'SET_PENDING_FILES', files: [file] });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.submitted[0]?.submission).toEqual({
      mode: 'create',
      rowId: undefined,
      studentId: 'S2400001',
      categoryRowId: categories.observance.rowId,
      range: { start: '2025-11-20T00:00:00', end: '2025-11-22T00:00:00' },
      description: '  Diwali  ',
      files: [file],
      filesToDelete: [],
    });
    expect(progressSeen).toBe(0.5);
    expect(calls.afterSuccess).toEqual(['absence:new']); // the list is refreshed and the draft removed
    expect(state().status).toBe('done');
    expect(state().output).toMatchObject({ kind: 'submitted', mode: 'create', request: { rowId: 99 } });
  });

  it('updates an edited request, deleting the files removed and counting the kept ones as evidence', async () => {
    const { send, state, calls } = start({ mode: 'edit', request: makeRequest(), enrolment: { registrationStatus: enrolled } });
    await settle();
    send({ type: 'REMOVE_EXISTING_FILE', rowId: 7 });
    send({ type: 'SUBMIT' });
    expect(state().context.errors).toEqual({ supportingFiles: [absenceMessages.evidenceRequired] });
    send({ type: 'SET_PENDING_FILES', files: [makeFile('gp-letter.pdf')] });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.submitted[0]?.submission).toMatchObject({
      mode: 'edit',
      rowId: 42,
      range: { start: '2025-11-10T09:00:00', end: '2025-11-10T17:00:00' },
      filesToDelete: [7],
    });
    expect(calls.afterSuccess).toEqual(['absence:42']);
    expect(state().output).toMatchObject({ kind: 'submitted', mode: 'edit' });
  });

  it('shows the server’s field errors and lets the student try again', async () => {
    const refusal = new ApiError({
      reason: 'http',
      status: 400,
      statusText: 'Bad Request',
      message: 'The absence request could not be saved.',
      errors: { dateRange: ['Dates must be within 01/10/2025 and 30/06/2026.'] },
    });
    const { send, state, calls } = start({ enrolment: { registrationStatus: enrolled } }, { submit: () => Promise.reject(refusal) });
    await settle();
    send({ type: 'CHANGE', values: validAllDay });
    send({ type: 'SUBMIT' });
    await settle();
    expect(state().matches(isEditing)).toBe(true);
    expect(state().context.errors).toEqual(refusal.errors);
    expect(state().context.progress).toBeNull();
    expect(calls.savedDrafts).toEqual([]); // refused, not lost: nothing to keep for later
  });

  it('shows the message of a failure without field errors', async () => {
    const refusal = new ApiError({ reason: 'http', status: 500, statusText: 'Internal Server Error', message: 'Something went wrong.' });
    const { send, state } = start({ enrolment: { registrationStatus: enrolled } }, { submit: () => Promise.reject(refusal) });
    await settle();
    send({ type: 'CHANGE', values: validAllDay });
    send({ type: 'SUBMIT' });
    await settle();
    expect(state().context.errors).toEqual({ general: ['Something went wrong.'] });
  });
});

describe('offline', () => {
  it('keeps the whole form, files included, as a draft when the server cannot be reached, and says it was not sent', async () => {
    const file = makeFile();
    const { send, state, calls } = start(
      { enrolment: { registrationStatus: enrolled } },
      { submit: () => Promise.reject(ApiError.network(new TypeError('Failed to fetch'))), saveDraft: async () => 1234 },
    );
    await settle();
    send({ type: 'CHANGE', values: validAllDay });
    send({ type: 'SET_PENDING_FILES', files: [file] });
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.savedDrafts).toEqual([
      {
        key: 'absence:new',
        draft: { values: { ...state().context.values }, pendingFiles: [file], filesToDelete: [], basedOn: null, submitKey: state().context.submitKey },
      },
    ]);
    expect(state().matches(isEditing)).toBe(true);
    expect(state().context.errors).toEqual({ network: [notSentMessages.savedInBox] });
    expect(state().context.draftSavedAt).toBe(1234);
    expect(state().status).toBe('active'); // the dialog stays open with everything in it
  });

  it('sends every retry of a submit whose answer was lost with the same Idempotency-Key', async () => {
    let failures = 2;
    const { send, state, calls } = start(
      { enrolment: { registrationStatus: enrolled } },
      {
        submit: () => (failures-- > 0 ? Promise.reject(ApiError.network(new TypeError('Failed to fetch'))) : Promise.resolve(makeRequest({ rowId: 99 }))),
      },
    );
    await settle();
    send({ type: 'CHANGE', values: validAllDay });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      send({ type: 'SUBMIT' });
      await settle();
    }
    expect(calls.submitted).toHaveLength(3);
    const keys = new Set(calls.submitted.map((input) => input.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(state().context.outcome).toMatchObject({ kind: 'submitted' });
    // Another dialog is another request: its key is its own.
    const other = start({ enrolment: { registrationStatus: enrolled } });
    expect(other.state().context.submitKey).not.toBe(state().context.submitKey);
  });

  it('sends a restored draft with the key of the submit it kept', async () => {
    const draft: AbsenceFormDraft = {
      values: { ...validAllDay, startTime: '15:00', endTime: '16:00', description: '' },
      pendingFiles: [],
      filesToDelete: [],
      basedOn: null,
      savedAt: 555,
      submitKey: 'lost-answer-1',
    };
    const { send, calls } = start({ enrolment: { registrationStatus: enrolled } }, { draft });
    await settle();
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.submitted.map((input) => input.idempotencyKey)).toEqual(['lost-answer-1']);
  });

  it('says so when the draft could not be kept either', async () => {
    const { send, state } = start(
      { enrolment: { registrationStatus: enrolled } },
      {
        submit: () => Promise.reject(ApiError.network(new TypeError('Failed to fetch'))),
        saveDraft: () => Promise.reject(new Error('QuotaExceededError')),
      },
    );
    await settle();
    send({ type: 'CHANGE', values: validAllDay });
    send({ type: 'SUBMIT' });
    await settle();
    expect(state().context.errors).toEqual({ network: [notSentMessages.notSavedInBox] });
  });

  it('restores a saved draft, and discarding it goes back to the defaults', async () => {
    const file = makeFile('letter.pdf');
    const draft: AbsenceFormDraft = {
      values: { ...validAllDay, startTime: '15:00', endTime: '16:00', description: 'Diwali' },
      pendingFiles: [file],
      filesToDelete: [],
      basedOn: null,
      savedAt: 555,
    };
    const { send, state, calls } = start({ enrolment: { registrationStatus: enrolled } }, { draft });
    await settle();
    expect(state().context).toMatchObject({ values: draft.values, pendingFiles: [file], isDraftRestored: true, draftSavedAt: 555 });
    send({ type: 'DISCARD_DRAFT' });
    await settle();
    expect(calls.deletedDrafts).toEqual(['absence:new']);
    expect(state().context).toMatchObject({ pendingFiles: [], isDraftRestored: false, draftSavedAt: undefined });
    expect(state().context.values.description).toBe('');
  });
});

describe('the clash check', () => {
  const clash: ClashingEvent = { moduleName: 'Algorithms', eventStart: '2025-11-20T10:00:00+00:00', eventEnd: '2025-11-20T11:00:00+00:00' };

  it('runs once the dates are set and the student pauses, and again whenever the range changes', async () => {
    const { send, state, calls } = start({ enrolment: { registrationStatus: enrolled } }, { clashes: async () => [clash] });
    await settle();
    send({ type: 'CHANGE', values: { startDate: '2025-11-20' } });
    await settle(clashCheckDelayMs);
    expect(calls.clashChecks).toEqual([]); // one date is not a range
    send({ type: 'CHANGE', values: { endDate: '2025-11-20' } });
    await settle(clashCheckDelayMs / 2);
    send({ type: 'CHANGE', values: { startTime: '10:30' } });
    await settle(clashCheckDelayMs);
    expect(calls.clashChecks).toEqual([{ start: '2025-11-20T10:30:00', end: '2025-11-20T16:00:00' }]);
    expect(state().context.clashes).toEqual([clash]);

    send({ type: 'CHANGE', values: { description: 'not a range field' } });
    await settle(clashCheckDelayMs);
    expect(calls.clashChecks).toHaveLength(1);

    send({ type: 'CHANGE', values: { isAllDay: true } });
    await settle(clashCheckDelayMs);
    expect(calls.clashChecks.at(-1)).toEqual({ start: '2025-11-20T00:00:00', end: '2025-11-21T00:00:00' });
  });

  it('clears the warning when a date is removed, or when the check fails', async () => {
    let isFailing = false;
    const { send, state } = start(
      { enrolment: { registrationStatus: enrolled } },
      { clashes: async () => (isFailing ? Promise.reject(ApiError.network(new Error('offline'))) : [clash]) },
    );
    await settle();
    send({ type: 'CHANGE', values: { startDate: '2025-11-20', endDate: '2025-11-20' } });
    await settle(clashCheckDelayMs);
    expect(state().context.clashes).toEqual([clash]);
    send({ type: 'CHANGE', values: { endDate: null } });
    expect(state().context.clashes).toEqual([]);
    send({ type: 'CHANGE', values: { endDate: '2025-11-21' } });
    await settle(clashCheckDelayMs);
    expect(state().context.clashes).toEqual([clash]);
    isFailing = true;
    send({ type: 'CHANGE', values: { endTime: '17:00' } });
    await settle(clashCheckDelayMs);
    expect(state().context.clashes).toEqual([]);
  });

  it('checks an edited request’s range when it opens', async () => {
    const { calls } = start({ mode: 'edit', request: makeRequest(), enrolment: { registrationStatus: enrolled } });
    await settle(clashCheckDelayMs);
    expect(calls.clashChecks).toEqual([{ start: '2025-11-10T09:00:00', end: '2025-11-10T17:00:00' }]);
  });
});

describe('withdrawing', () => {
  it('goes to the confirmation tab and back, and withdraws on confirmation', async () => {
    const { send, state, calls } = start({ mode: 'edit', request: makeRequest(), enrolment: { registrationStatus: enrolled } });
    await settle();
    send({ type: 'SHOW_WITHDRAW' });
    expect(state().matches({ open: { tabs: { withdraw: 'confirming' } } })).toBe(true);
    send({ type: 'SHOW_FORM' });
    expect(state().matches(isEditing)).toBe(true);
    send({ type: 'SHOW_WITHDRAW' });
    send({ type: 'CONFIRM_WITHDRAW' });
    expect(state().matches({ open: { tabs: { withdraw: 'withdrawing' } } })).toBe(true);
    await settle();
    expect(calls.withdrawn).toEqual([42]);
    expect(calls.afterSuccess).toEqual(['absence:42']);
    expect(state().output).toMatchObject({ kind: 'withdrawn', request: { absenceStatus: 'Cancelled' } });
  });

  it('returns to the form tab with the errors when it fails (SPEC §4)', async () => {
    const refusal = new ApiError({
      reason: 'http',
      status: 400,
      statusText: 'Bad Request',
      message: 'This absence can no longer be withdrawn.',
      errors: { absenceStatus: ['This absence can no longer be withdrawn.'] },
    });
    const { send, state } = start(
      { mode: 'edit', request: makeRequest(), enrolment: { registrationStatus: enrolled } },
      { withdraw: () => Promise.reject(refusal) },
    );
    await settle();
    send({ type: 'SHOW_WITHDRAW' });
    send({ type: 'CONFIRM_WITHDRAW' });
    await settle();
    expect(state().matches(isEditing)).toBe(true);
    expect(state().context.errors).toEqual(refusal.errors);
  });

  it('clears the form’s errors when the withdrawal is confirmed', async () => {
    const { send, state } = start({ mode: 'edit', request: makeRequest(), enrolment: { registrationStatus: enrolled } });
    await settle();
    send({ type: 'CHANGE', values: { startDate: null } });
    send({ type: 'SUBMIT' });
    expect(state().context.errors).toHaveProperty('startDate');
    send({ type: 'SHOW_WITHDRAW' });
    send({ type: 'CONFIRM_WITHDRAW' });
    expect(state().context.errors).toEqual({});
  });

  it('is not offered for a request that cannot be withdrawn', async () => {
    const { send, state } = start({
      mode: 'edit',
      request: makeRequest({ absenceStatus: 'Denied' }),
      enrolment: { registrationStatus: enrolled },
    });
    await settle();
    send({ type: 'SHOW_WITHDRAW' });
    expect(state().matches(isEditing)).toBe(true);
  });
});

describe('open requests the range overlaps (a warning, never a block)', () => {
  // 20 and 21 November, all day: 2025-11-20T00:00:00 to 2025-11-22T00:00:00.
  const pendingMorning = makeRequest({ rowId: 50, absenceStart: '2025-11-21T09:00:00+00:00', absenceEnd: '2025-11-21T12:00:00+00:00' });
  const sameSpan = makeRequest({ rowId: 51, absenceStart: '2025-11-20T00:00:00+00:00', absenceEnd: '2025-11-22T00:00:00+00:00' });
  const overlapsNow = (context: AbsenceDialogContext) => openOverlapsOf(factsOf(context));

  it('finds them in the list it opened with and in every newer copy, and still sends', async () => {
    const { send, state, calls } = start({ enrolment: { registrationStatus: enrolled }, ownRequests: [pendingMorning] });
    await settle();
    expect(overlapsNow(state().context)).toEqual([]); // no range yet
    send({ type: 'CHANGE', values: validAllDay });
    expect(overlapsNow(state().context)).toEqual([{ request: pendingMorning, isExact: false }]);

    // The sync layer brings a copy where it was decided: no longer open.
    send({ type: 'OWN_REQUESTS', requests: [{ ...pendingMorning, absenceStatus: 'Approved' }] });
    expect(overlapsNow(state().context)).toEqual([]);
    send({ type: 'OWN_REQUESTS', requests: [pendingMorning, sameSpan] });
    expect(overlapsNow(state().context)).toEqual([
      { request: sameSpan, isExact: true },
      { request: pendingMorning, isExact: false },
    ]);

    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.submitted).toHaveLength(1);
    expect(state().output).toMatchObject({ kind: 'submitted' });
  });

  it('keeps the list it had while a submit is out: the list reloaded by the send holds the request just sent', async () => {
    let answer: (request: AbsenceRequest) => void = () => undefined;
    const { send, state } = start(
      { enrolment: { registrationStatus: enrolled }, ownRequests: [] },
      { submit: () => new Promise<AbsenceRequest>((resolve) => (answer = resolve)) },
    );
    await settle();
    send({ type: 'CHANGE', values: validAllDay });
    send({ type: 'SUBMIT' });
    await settle();
    expect(state().matches({ open: { tabs: { form: 'submitting' } } })).toBe(true);
    send({ type: 'OWN_REQUESTS', requests: [sameSpan] });
    expect(state().context.ownRequests).toEqual([]);
    expect(overlapsNow(state().context)).toEqual([]);
    answer(sameSpan);
    await settle();
    expect(state().status).toBe('done');
  });

  it('shows the server’s refusal of an exact copy (409, SPEC §8 shape) in the error box and keeps the form', async () => {
    const message = 'You already have an open absence request for exactly this time. Edit that request instead.';
    const refusal = new ApiError({ reason: 'http', status: 409, statusText: 'Conflict', message, errors: { dateRange: [message] } });
    const { send, state, calls } = start(
      { enrolment: { registrationStatus: enrolled }, ownRequests: [sameSpan] },
      { submit: () => Promise.reject(refusal) },
    );
    await settle();
    send({ type: 'CHANGE', values: validAllDay });
    expect(overlapsNow(state().context)).toEqual([{ request: sameSpan, isExact: true }]);
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.submitted).toHaveLength(1);
    expect(calls.savedDrafts).toEqual([]);
    expect(state().matches(isEditing)).toBe(true);
    expect(state().context.errors).toEqual({ dateRange: [message] });
    expect(overlapsNow(state().context)).toEqual([{ request: sameSpan, isExact: true }]);
    // Back in the form, a newer list is taken again.
    send({ type: 'OWN_REQUESTS', requests: [] });
    expect(overlapsNow(state().context)).toEqual([]);
  });
});
