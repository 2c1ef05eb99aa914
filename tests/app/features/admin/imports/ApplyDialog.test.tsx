import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/app/api/ApiError';
import { callApi } from '../../../../../src/app/api/client';
import { acceptWarningsLabel, ApplyDialog } from '../../../../../src/app/features/admin/imports/ImportDialogs';
import { countsSentence } from '../../../../../src/app/features/admin/imports/importText';
import { createQueryClient } from '../../../../../src/app/serverState/queryClient';
import { importApplyRoute, type ImportReport } from '../../../../../src/shared/contract/adminImports';
import { countsOf, makeReport, problem } from './fixtures';

vi.mock('../../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

beforeEach(() => {
  callApiMock.mockReset();
  callApiMock.mockResolvedValue({});
});

/** 120 created, 3,400 updated and 12 deactivated, spread over several entities. */
const bigCounts = countsOf({
  users: { create: 100, update: 3_000, deactivate: 10, unchanged: 5_000 },
  enrollments: { create: 15, update: 400, deactivate: 2, unchanged: 0 },
  rooms: { create: 5, update: 0, deactivate: 0, unchanged: 40 },
});

function openDialog(report: ImportReport) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApplyDialog isOpen report={report} onDone={onDone} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { dialog: within(screen.getByRole('dialog', { name: 'Apply this import?' })), onDone, onClose };
}

const applyCalls = () => callApiMock.mock.calls.filter(([route]) => route.id === importApplyRoute.id).map(([, options]) => options);

describe('the counts sentence', () => {
  it('sums each kind of change over every entity, with en-GB thousands separators', () => {
    expect(countsSentence(bigCounts)).toBe('Create 120, update 3,400, deactivate 12.');
    expect(countsSentence(countsOf())).toBe('Create 0, update 0, deactivate 0.');
  });
});

describe('the apply dialog', () => {
  it('states the counts in one sentence and, with no warnings, applies without accepting any', async () => {
    const { dialog, onDone } = openDialog(makeReport({ counts: bigCounts }));
    expect(dialog.getByText('Create 120, update 3,400, deactivate 12.')).toBeInTheDocument();
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Apply import' }));
    expect(applyCalls()).toEqual([expect.objectContaining({ params: { rowId: 7 }, body: { acceptWarnings: false }, idempotencyKey: expect.any(String) })]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('with warnings standing, applies only once the warnings box is ticked, and then accepts them', async () => {
    const warnings = [problem('users.csv', null, 'deactivation_threshold', 'users.csv would deactivate 40% of active users.')];
    const { dialog, onDone } = openDialog(makeReport({ counts: bigCounts, warnings }));
    const box = dialog.getByRole('checkbox', { name: acceptWarningsLabel });
    expect(box).toBeRequired();

    await userEvent.click(dialog.getByRole('button', { name: 'Apply import' }));
    expect(applyCalls()).toEqual([]);
    expect(dialog.getByRole('alert')).toHaveTextContent('Tick the box to apply an import with warnings.');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();

    await userEvent.click(box);
    await userEvent.click(dialog.getByRole('button', { name: 'Apply import' }));
    expect(applyCalls()).toEqual([expect.objectContaining({ body: { acceptWarnings: true } })]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('counts warnings beyond those listed as warnings too', () => {
    const { dialog } = openDialog(makeReport({ moreWarnings: 3 }));
    expect(dialog.getByRole('checkbox', { name: acceptWarningsLabel })).toBeInTheDocument();
  });

  it("shows the server's refusal and stays open, trying again with the same Idempotency-Key", async () => {
    const message = 'Only a validated import can be applied; this one is applied.';
    callApiMock.mockRejectedValueOnce(new ApiError({ reason: 'http', status: 409, statusText: 'Conflict', message, errors: { state: [message] } }));
    const { dialog, onDone } = openDialog(makeReport());
    await userEvent.click(dialog.getByRole('button', { name: 'Apply import' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Apply import' }));
    const [first, second] = applyCalls();
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(onDone).toHaveBeenCalledOnce();
  });
});
