import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { callApi } from '../../../../src/app/api/client';
import { AdminStatusPage } from '../../../../src/app/features/adminStatus/AdminStatusPage';
import { createQueryClient } from '../../../../src/app/serverState/queryClient';
import { clearMaintenanceRoute, setMaintenanceRoute, statusListRoute, type ServiceStatus } from '../../../../src/shared/contract/realtime';
import type { RouteDescriptor } from '../../../../src/shared/contract/route';

vi.mock('../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const vle = (maintenance: ServiceStatus['maintenance'] = null): ServiceStatus => ({
  id: 'vle', name: 'Moodle', feature: null, state: maintenance ? 'maintenance' : 'operational',
  since: '2025-11-01T09:00:00.000Z', lastCheckedAt: null, responseTimeMs: null, maintenance,
});

/** What the list answers, in turn; the last one again after that. */
let lists: (() => Promise<unknown>)[] = [];
let saveAnswer: () => Promise<unknown> = () => Promise.resolve(vle());

beforeEach(() => {
  callApiMock.mockReset();
  lists = [];
  callApiMock.mockImplementation(((route: RouteDescriptor) => {
    if (route.id === statusListRoute.id) return (lists.length > 1 ? lists.shift() : lists[0])?.() ?? Promise.resolve([]);
    if (route.id === setMaintenanceRoute.id) return saveAnswer();
    if (route.id === clearMaintenanceRoute.id) return Promise.resolve(vle());
    return Promise.reject(new Error(`unexpected ${route.id}`));
  }) as never);
});

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminStatusPage />
    </QueryClientProvider>,
  );

const listCalls = () => callApiMock.mock.calls.filter(([route]) => route.id === statusListRoute.id).length;

describe('the admin status page', () => {
  it('shows a refusal of the list as the SPEC §8 line, without retrying a 4xx', async () => {
    lists = [() => Promise.reject(new ApiError({ reason: 'http', status: 403, statusText: 'Forbidden', message: 'No', code: 'forbidden' }))];
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error getting Service status. Code 403: Forbidden');
    expect(listCalls()).toBe(1);
  });

  it('fetches the list again after a maintenance window is saved, and shows the new one', async () => {
    const until = '2030-01-01T10:00:00.000Z';
    lists = [() => Promise.resolve([vle()]), () => Promise.resolve([vle({ message: 'Upgrade', until })])];
    renderPage();
    const form = await screen.findByRole('form', { name: 'Maintenance for Moodle' });
    await userEvent.type(within(form).getByLabelText('Message for users'), 'Upgrade');
    await userEvent.click(within(form).getByRole('button', { name: 'Set maintenance' }));
    // The saved end, as people say it (the test runs in London: 10:00 UTC in January is 10:00).
    expect(await screen.findByText(/until Tue 1 Jan, 10:00: Upgrade$/)).toBeInTheDocument();
    expect(listCalls()).toBe(2);
    expect(await screen.findByRole('button', { name: 'End maintenance' })).toBeEnabled();
  });

  it('keeps the list and shows the field errors when the save is refused', async () => {
    lists = [() => Promise.resolve([vle()])];
    saveAnswer = () => Promise.reject(new ApiError({ reason: 'http', status: 400, statusText: 'Bad Request', message: 'Check the form', errors: { until: ['Choose a time in the future'] } }));
    renderPage();
    const form = await screen.findByRole('form', { name: 'Maintenance for Moodle' });
    await userEvent.type(within(form).getByLabelText('Message for users'), 'Upgrade');
    await userEvent.click(within(form).getByRole('button', { name: 'Set maintenance' }));
    expect(await within(form).findByText('Choose a time in the future')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Set maintenance' })).toBeEnabled());
    expect(listCalls()).toBe(1);
  });

  it('says a missing end time in the form and sends nothing', async () => {
    lists = [() => Promise.resolve([vle()])];
    renderPage();
    const form = await screen.findByRole('form', { name: 'Maintenance for Moodle' });
    await userEvent.type(within(form).getByLabelText('Message for users'), 'Upgrade');
    await userEvent.clear(within(form).getByLabelText('Time'));
    await userEvent.tab();
    await userEvent.click(within(form).getByRole('button', { name: 'Set maintenance' }));
    expect(await within(form).findByText('Choose the day and the time maintenance ends.')).toBeInTheDocument();
    expect(callApiMock.mock.calls.some(([route]) => route.id === setMaintenanceRoute.id)).toBe(false);
  });
});
