import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { callApi } from '../../../../src/app/api/client';
import { DecisionPanel } from '../../../../src/app/features/staffAbsences/DecisionPanel';
import { staffAbsenceKeys, type ShownDetail } from '../../../../src/app/features/staffAbsences/staffAbsences.queries';
import { createQueryClient } from '../../../../src/app/serverState/queryClient';
import { decisionMessages } from '../../../../src/shared/rules/absences/decisions';
import type { AbsenceStatus } from '../../../../src/shared/contract/absences';
import { makeRequest } from '../absences/fixtures';

// A plain function in front of the spy: a spy that returns a rejected promise reports it as unhandled.
const api = vi.hoisted(() => ({ answer: (): Promise<unknown> => Promise.resolve(undefined) }));
vi.mock('../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

beforeEach(() => {
  callApiMock.mockReset();
  api.answer = () => Promise.resolve(undefined);
  callApiMock.mockImplementation((() => ({ then: (ok: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => api.answer().then(ok, fail) })) as never);
});

function renderPanel(absenceStatus: AbsenceStatus) {
  const onDecided = vi.fn();
  const onReload = vi.fn();
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <DecisionPanel request={makeRequest({ rowId: 7, absenceStatus, lastModified: '2025-11-10T09:00:00+00:00' })} onDecided={onDecided} onReload={onReload} />
    </QueryClientProvider>,
  );
  return { onDecided, onReload, client };
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('the decision panel', () => {
  it.each([
    ['Pending', ['Approve', 'Deny', 'Request evidence']],
    ['AwaitingEvidence', ['Approve', 'Deny']],
    ['PendingCancellation', ['Confirm cancellation', 'Keep']],
    ['Approved', []],
    ['Denied', []],
    ['Cancelled', []],
  ] as const)('offers only the decisions the shared table allows from %s', (status, expected) => {
    renderPanel(status);
    expect(buttonNames()).toEqual(expected);
  });

  it('asks for a message before denying, without calling the server', async () => {
    renderPanel('Pending');
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(screen.getByText(decisionMessages.messageRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to the student' })).toHaveFocus();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('sends the decision with the message and the lastModified it was shown', async () => {
    api.answer = () => Promise.resolve({ request: makeRequest({ rowId: 7, absenceStatus: 'AwaitingEvidence' }) });
    const { onDecided, client } = renderPanel('Pending');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message to the student' }), 'Please upload the letter.');
    await userEvent.click(screen.getByRole('button', { name: 'Request evidence' }));
    expect(callApiMock.mock.calls[0]?.[1]).toEqual({
      params: { rowId: 7 },
      body: { absenceStatus: 'AwaitingEvidence', messageToStudent: 'Please upload the letter.', lastModified: '2025-11-10T09:00:00+00:00' },
    });
    expect(onDecided).toHaveBeenCalled();
    // The answer is the request's entry now, for the page and the queue it came from.
    expect(client.getQueryData<ShownDetail>(staffAbsenceKeys.detail('7'))?.detail.request.absenceStatus).toBe('AwaitingEvidence');
  });

  it('explains a stale request and offers to reload it', async () => {
    const stale = new ApiError({ reason: 'http', status: 409, statusText: 'Conflict', message: decisionMessages.stale, errors: { lastModified: [decisionMessages.stale] } });
    api.answer = () => Promise.reject(stale);
    const { onReload } = renderPanel('Pending');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(decisionMessages.stale);
    await userEvent.click(screen.getByRole('button', { name: 'Reload the request' }));
    expect(onReload).toHaveBeenCalled();
  });
});
