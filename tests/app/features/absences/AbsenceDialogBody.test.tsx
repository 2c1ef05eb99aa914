import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMachine } from '@xstate/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AbsenceRequest, ClashingEvent } from '../../../../src/shared/contract/absences';
import { absenceMessages } from '../../../../src/shared/rules/absences';
import { ApiError } from '../../../../src/app/api/ApiError';
import type { SubmitInput } from '../../../../src/app/features/absences/absenceDialog.actors';
import { absenceDialogMachine, type AbsenceDialogInput } from '../../../../src/app/features/absences/absenceDialog.machine';
import { AbsenceDialogBody } from '../../../../src/app/features/absences/AbsenceDialogBody';
import type { AbsenceFormDraft } from '../../../../src/app/features/absences/absenceDrafts';
import type { CallRange } from '../../../../src/app/features/absences/absenceForm';
import { categories, config, makeRequest } from './fixtures';

/** What the form sent, in order; emptied before each test. */
const submitted: SubmitInput[] = [];
/** The server's answer to the next submit when it refuses it; none (a success) unless a test sets it. */
let refusal: ApiError | undefined;

/**
 * The absence form as the student uses it: the real dialog machine and body, with only the
 * machine's side effects (drafts in IndexedDB, the clash check and the upload) answered here.
 */
const machine = absenceDialogMachine.provide({
  actors: {
    loadDraft: fromPromise<AbsenceFormDraft | undefined, { key: string; basedOn: string | null }>(async () => undefined),
    saveDraft: fromPromise<number, { key: string; draft: Omit<AbsenceFormDraft, 'savedAt'> }>(async () => 1),
    deleteDraft: fromPromise<void, { key: string }>(async () => undefined),
    checkClashes: fromPromise<ClashingEvent[], CallRange>(async () => []),
    submitAbsence: fromPromise<AbsenceRequest, SubmitInput>(async ({ input }) => {
      submitted.push(input);
      if (refusal) throw refusal;
      return makeRequest({ rowId: 99 });
    }),
    afterSuccess: fromPromise<void, { draftKey: string }>(async () => undefined),
  },
});

function DialogHarness({ input }: { readonly input: AbsenceDialogInput }) {
  const [snapshot, send] = useMachine(machine, { input });
  if (!snapshot.matches('open')) return <p>Waiting</p>;
  return <AbsenceDialogBody snapshot={snapshot} send={send} onClose={() => undefined} />;
}

beforeEach(() => {
  submitted.length = 0;
  refusal = undefined;
});

async function openForm(overrides: Partial<AbsenceDialogInput> = {}) {
  const user = userEvent.setup();
  const input: AbsenceDialogInput = {
    mode: 'create',
    config,
    studentId: 'S2400001',
    enrolment: { registrationStatus: 'Registered-Enrolled' },
    ...overrides,
  };
  render(<DialogHarness input={input} />);
  const form = await screen.findByRole('form', { name: 'Absence details' });
  return { user, form: within(form), submitted };
}

/** Types a date as DD/MM/YYYY into the masked field and commits it with Enter. */
async function typeDate(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

const errorBox = () => screen.getByRole('alert');

describe('the absence form fields', () => {
  it('shows the time fields until All day is switched on, and then explains the whole-day range', async () => {
    const { user, form } = await openForm();
    expect(form.getByLabelText('Start time')).toHaveValue('15:00');
    expect(form.getByLabelText('End time')).toHaveValue('16:00');
    expect(form.queryByText('All day: from the start of the first day to the end of the last day.')).not.toBeInTheDocument();

    await user.click(form.getByRole('switch', { name: 'All day' }));

    expect(form.getByRole('switch', { name: 'All day' })).toBeChecked();
    expect(form.queryByLabelText('Start time')).not.toBeInTheDocument();
    expect(form.queryByLabelText('End time')).not.toBeInTheDocument();
    expect(form.getByLabelText('Start date')).toBeInTheDocument();
    expect(form.getByLabelText('End date')).toBeInTheDocument();
    expect(form.getByText('All day: from the start of the first day to the end of the last day.')).toBeInTheDocument();

    await user.click(form.getByRole('switch', { name: 'All day' }));
    expect(form.getByLabelText('Start time')).toBeInTheDocument();
  });

  it("shows the chosen reason's description, and the Informed note only for an informed reason", async () => {
    const { user, form } = await openForm();
    const reason = form.getByRole('combobox', { name: 'Reason' });
    const informedNote = 'This is an informed absence: any classes it affects will still count as missed in your attendance.';
    expect(form.queryByText(categories.observance.absenceCategoryDescription)).not.toBeInTheDocument();

    await user.selectOptions(reason, 'Religious observance');
    expect(form.getByText(categories.observance.absenceCategoryDescription)).toBeInTheDocument();
    expect(form.getByText(informedNote)).toBeInTheDocument();
    expect(reason).toHaveAccessibleDescription(`${categories.observance.absenceCategoryDescription} ${informedNote}`);

    await user.selectOptions(reason, 'Illness');
    expect(form.getByText(categories.illness.absenceCategoryDescription)).toBeInTheDocument();
    expect(form.queryByText(informedNote)).not.toBeInTheDocument();
    expect(form.getByText('This reason needs supporting evidence: add at least one file below.')).toBeInTheDocument();

    await user.selectOptions(reason, 'Other');
    expect(form.getByText(/^Required for this reason\./)).toBeInTheDocument();
  });

  it('shows the SPEC §5 messages for missing fields on submit, in the error box and at each field, and sends nothing', async () => {
    const { user, form, submitted } = await openForm();
    await user.clear(form.getByLabelText('Start time'));
    await user.clear(form.getByLabelText('End time'));
    await user.tab();

    await user.click(form.getByRole('button', { name: 'Submit Absence Request' }));

    const box = errorBox();
    expect(box).toHaveTextContent('Error processing absence');
    for (const message of [
      absenceMessages.startDateRequired,
      absenceMessages.endDateRequired,
      absenceMessages.startTimeRequired,
      absenceMessages.endTimeRequired,
      absenceMessages.categoryRequired,
    ]) {
      expect(box).toHaveTextContent(message);
    }
    expect(form.getByText('Start date is required')).toBeInTheDocument();
    expect(form.getByText('Please select an absence category')).toBeInTheDocument();
    expect(form.getByRole('combobox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    expect(submitted).toEqual([]);
  });

  it("asks for the reason's description and evidence, and for an end after the start", async () => {
    const { user, form, submitted } = await openForm();
    await typeDate(user, form.getByLabelText('Start date'), '10/11/2025');
    await typeDate(user, form.getByLabelText('End date'), '10/11/2025');
    await user.clear(form.getByLabelText('End time'));
    await user.type(form.getByLabelText('End time'), '14:00{Enter}');
    await user.selectOptions(form.getByRole('combobox', { name: 'Reason' }), 'Other');

    await user.click(form.getByRole('button', { name: 'Submit Absence Request' }));
    expect(errorBox()).toHaveTextContent('Your chosen absence reason requires additional information');
    expect(errorBox()).toHaveTextContent('End must be after start.');
    expect(errorBox()).not.toHaveTextContent('Start date is required');

    await user.selectOptions(form.getByRole('combobox', { name: 'Reason' }), 'Illness');
    await user.click(form.getByRole('button', { name: 'Submit Absence Request' }));
    expect(errorBox()).toHaveTextContent('Your chosen absence reason requires supporting evidence');
    expect(submitted).toEqual([]);
  });

  it('refuses an edit whose end has moved past the maximum date, in DD/MM/YYYY', async () => {
    const request = makeRequest({
      absenceCategoryRowId: categories.observance.rowId,
      absenceStart: '2026-06-29T09:00:00+01:00',
      absenceEnd: '2026-07-02T17:00:00+01:00',
      supportingFiles: [],
    });
    const { user, form, submitted } = await openForm({ mode: 'edit', request });
    expect(form.getByLabelText('End date')).toHaveValue('02/07/2026');

    await user.click(form.getByRole('button', { name: 'Update' }));

    expect(errorBox()).toHaveTextContent('The end date cannot be beyond 30/06/2026.');
    expect(submitted).toEqual([]);
  });

  it('sends a complete request once', async () => {
    const { user, form, submitted } = await openForm();
    await typeDate(user, form.getByLabelText('Start date'), '10/11/2025');
    await typeDate(user, form.getByLabelText('End date'), '11/11/2025');
    await user.selectOptions(form.getByRole('combobox', { name: 'Reason' }), 'Religious observance');
    await user.type(form.getByLabelText('Additional information'), 'Diwali.');

    await user.click(form.getByRole('button', { name: 'Submit Absence Request' }));

    await screen.findByText('Waiting');
    expect(submitted).toHaveLength(1);
    expect(submitted[0]?.submission).toMatchObject({
      mode: 'create',
      range: { start: '2025-11-10T15:00:00', end: '2025-11-11T16:00:00' },
      categoryRowId: categories.observance.rowId,
      description: 'Diwali.',
    });
  });
});

describe('the warning about overlapping open requests', () => {
  // An open request on 12 November 2025, 10:00 to 14:00, and a decided one the same afternoon.
  const interview = makeRequest({ rowId: 60, absenceStart: '2025-11-12T10:00:00+00:00', absenceEnd: '2025-11-12T14:00:00+00:00' });
  const approved = makeRequest({ rowId: 61, absenceStart: '2025-11-12T14:00:00+00:00', absenceEnd: '2025-11-12T18:00:00+00:00', absenceStatus: 'Approved' });
  const warningText = 'You already have an open absence request for 12/11/2025, 10:00 to 14:00. You can still send this one.';

  async function setTime(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, time: string) {
    await user.clear(field);
    await user.type(field, `${time}{Enter}`);
  }

  it('names the open request the range overlaps, politely and as the date fields’ description, and goes when it no longer does', async () => {
    const { user, form, submitted } = await openForm({ ownRequests: [interview, approved] });
    const startDate = form.getByLabelText('Start date');
    await typeDate(user, startDate, '12/11/2025');
    await typeDate(user, form.getByLabelText('End date'), '12/11/2025');
    // The default 15:00 to 16:00 overlaps only the approved request: no warning.
    expect(form.queryByText(/You already have/)).not.toBeInTheDocument();

    await setTime(user, form.getByLabelText('Start time'), '09:00');
    await setTime(user, form.getByLabelText('End time'), '11:00');
    const warning = form.getByText(warningText);
    expect(warning).toHaveAttribute('role', 'status');
    expect(warning).toHaveAttribute('aria-live', 'polite');
    expect(startDate).toHaveAccessibleDescription(expect.stringContaining(warningText));
    expect(form.getByLabelText('End date')).toHaveAccessibleDescription(expect.stringContaining(warningText));

    // Ending as the open request starts is no overlap.
    await setTime(user, form.getByLabelText('End time'), '10:00');
    expect(form.queryByText(/You already have/)).not.toBeInTheDocument();
    expect(startDate).not.toHaveAccessibleDescription(expect.stringContaining('You already have'));

    // A warning, not a block: the request is still sent.
    await setTime(user, form.getByLabelText('End time'), '11:00');
    expect(form.getByText(warningText)).toBeInTheDocument();
    await user.selectOptions(form.getByRole('combobox', { name: 'Reason' }), 'Religious observance');
    await user.click(form.getByRole('button', { name: 'Submit Absence Request' }));
    await screen.findByText('Waiting');
    expect(submitted).toHaveLength(1);
  });

  it('says an exact copy would be refused, and shows the server’s 409 in the error box when it is sent anyway', async () => {
    const message = 'You already have an open absence request for exactly this time. Edit that request instead.';
    refusal = new ApiError({ reason: 'http', status: 409, statusText: 'Conflict', message, errors: { dateRange: [message] } });
    const { user, form, submitted } = await openForm({ ownRequests: [interview] });
    await typeDate(user, form.getByLabelText('Start date'), '12/11/2025');
    await typeDate(user, form.getByLabelText('End date'), '12/11/2025');
    await setTime(user, form.getByLabelText('Start time'), '10:00');
    await setTime(user, form.getByLabelText('End time'), '14:00');
    expect(
      form.getByText('You already have an open absence request for exactly this time (12/11/2025, 10:00 to 14:00), so this one would be refused. Edit that request instead.'),
    ).toHaveAttribute('role', 'status');

    await user.selectOptions(form.getByRole('combobox', { name: 'Reason' }), 'Religious observance');
    await user.click(form.getByRole('button', { name: 'Submit Absence Request' }));

    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Error processing absence');
    expect(box).toHaveTextContent(`Dates: ${message}`);
    expect(submitted).toHaveLength(1);
    expect(form.getByRole('button', { name: 'Submit Absence Request' })).toBeEnabled();
  });

  it('leaves out the request being edited', async () => {
    const lunch = makeRequest({ rowId: 62, absenceStart: '2025-11-12T13:00:00+00:00', absenceEnd: '2025-11-12T15:00:00+00:00' });
    const { form } = await openForm({ mode: 'edit', request: interview, ownRequests: [interview, lunch] });
    expect(form.getByLabelText('Start date')).toHaveValue('12/11/2025');
    expect(
      form.getByText('You already have an open absence request for 12/11/2025, 13:00 to 15:00. You can still save this change.'),
    ).toHaveAttribute('role', 'status');
  });
});
