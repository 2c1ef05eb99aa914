import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../../../src/app/api/client';
import { ImportsPage } from '../../../../../src/app/features/admin/imports/ImportsPage';
import { createQueryClient } from '../../../../../src/app/serverState/queryClient';
import { importApplyRoute, importGetRoute, importListRoute, type ImportReport } from '../../../../../src/shared/contract/adminImports';
import type { RouteDescriptor } from '../../../../../src/shared/contract/route';
import { countsOf, makeReport } from './fixtures';

vi.mock('../../../../../src/app/api/client', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

/** What GET /api/admin/imports/7 answers, in turn; the last answer repeats. */
let reports: ImportReport[] = [];

beforeEach(() => {
  callApiMock.mockReset();
  callApiMock.mockImplementation(((route: RouteDescriptor) => {
    if (route.id === importGetRoute.id) return Promise.resolve(reports.length > 1 ? reports.shift() : reports[0]);
    if (route.id === importApplyRoute.id) {
      reports = [makeReport({ state: 'applying' }), makeReport({ state: 'applied' })];
      return Promise.resolve({});
    }
    if (route.id === importListRoute.id) return Promise.resolve({ items: [{ ...makeReport({ createdBy: null, fileName: 'demo.zip', rowId: 1, state: 'applied' }) }] });
    return Promise.reject(new Error(`unexpected ${route.id}`));
  }) as never);
});

// The admin area's layout gives its pages the query client; each test a fresh one. The shell's
// header and main content are around the page, as in the app.
const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <header>
        <button type="button">Service status</button>
      </header>
      <main>
        <RouterProvider router={createMemoryRouter([{ path: '/admin/imports/:rowId?', handle: { routeName: 'adminImports' }, element: <ImportsPage /> }], { initialEntries: [path] })} />
      </main>
    </QueryClientProvider>,
  );

const reportReads = () => callApiMock.mock.calls.filter(([route]) => route.id === importGetRoute.id).length;

describe('the data import page', () => {
  it('follows a batch while it is being checked, then stops asking once it is ready', async () => {
    const counts = countsOf({ rooms: { create: 1, update: 0, deactivate: 0, unchanged: 0 } });
    reports = [makeReport({ state: 'validating' }), makeReport({ state: 'ready', counts })];
    renderAt('/admin/imports/7');
    expect(screen.getByRole('heading', { level: 1, name: 'Data import' })).toBeInTheDocument();
    const report = within(screen.getByRole('region', { name: 'Import report' }));
    expect(await report.findByText('Checking…')).toBeInTheDocument();
    expect(report.getByRole('progressbar', { name: 'Checking the bundle. Nothing is changed yet.' })).toBeInTheDocument();
    expect(await report.findByText('Ready to apply', {}, { timeout: 3_000 })).toBeInTheDocument();
    const rooms = report.getByRole('row', { name: /^Rooms/ });
    expect(within(rooms).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '0', '0', '0']);
    expect(report.getByRole('button', { name: 'Apply import…' })).toBeInTheDocument();
    const reads = reportReads();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reportReads()).toBe(reads);
  });

  it('lists the history with "System" for a bundle the server imported itself, each row opening its report', async () => {
    reports = [makeReport()];
    renderAt('/admin/imports');
    const history = within(await screen.findByRole('table', { name: 'Import history' }));
    const row = history.getByRole('row', { name: /demo\.zip/ });
    expect(within(row).getByRole('cell', { name: 'System' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^Open the report of demo\.zip/ })).toHaveAttribute('href', '/admin/imports/1');
    expect(screen.queryByRole('region', { name: 'Import report' })).not.toBeInTheDocument();
  });

  it('after Apply, puts the focus back on the report heading while the job runs, wherever the closing dialog left it', async () => {
    reports = [makeReport({ state: 'ready' })];
    renderAt('/admin/imports/7');
    const report = within(screen.getByRole('region', { name: 'Import report' }));
    await userEvent.click(await report.findByRole('button', { name: 'Apply import…' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Apply this import?' })).getByRole('button', { name: 'Apply import' }));
    // The dialog's fallback when the button that opened it has gone: a control outside the content.
    screen.getByRole('button', { name: 'Service status' }).focus();
    expect(await report.findByText('Applied', {}, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(report.getByRole('heading', { level: 2, name: 'Import report' })).toHaveFocus());
  });
});
