import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AbsenceRequest } from '../../../../src/shared/contract/absences';
import { draftKeyOf } from '../../../../src/app/features/absences/absenceDrafts';
import { AbsencesTable } from '../../../../src/app/features/absences/AbsencesTable';
import { categories, config, makeRequest } from './fixtures';

const requests: AbsenceRequest[] = [
  makeRequest({ rowId: 1, absenceStart: '2025-11-10T09:30:00+00:00', absenceStatus: 'Pending', absenceCategoryRowId: categories.illness.rowId }),
  makeRequest({ rowId: 2, absenceStart: '2025-10-06T00:00:00+01:00', absenceStatus: 'AwaitingEvidence', absenceCategoryRowId: categories.observance.rowId }),
  makeRequest({ rowId: 3, absenceStart: '2026-01-05T14:05:00+00:00', absenceStatus: 'PendingCancellation', absenceCategoryRowId: 77 }),
];

function renderTable(overrides: { drafts?: ReadonlyMap<string, number>; onOpen?: (request: AbsenceRequest) => void } = {}) {
  const onOpen = overrides.onOpen ?? vi.fn();
  render(<AbsencesTable requests={requests} categories={config.categories} drafts={overrides.drafts ?? new Map()} onOpen={onOpen} />);
  const table = screen.getByRole('table', { name: 'Your absence requests' });
  const rows = within(table).getAllByRole('row').slice(1);
  return { table, rows, onOpen };
}

describe('the absences table', () => {
  it('has the Start, Status and Impact columns and a blank open column', () => {
    const { table } = renderTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Start', 'Status', 'Impact', 'Open']);
    expect(within(table).getAllByRole('columnheader')[3]?.firstElementChild).toHaveClass('visually-hidden');
  });

  it('shows Start as DD/MM/YY, with the time only when it is not midnight', () => {
    const { rows } = renderTable();
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['10/11/25 09:30', '06/10/25', '05/01/26 14:05']);
  });

  it('names each status in words on its badge', () => {
    const { rows } = renderTable();
    expect(within(rows[0]!).getByText('Pending')).toHaveClass('absence-status--warning');
    expect(within(rows[1]!).getByText('Awaiting evidence')).toHaveClass('absence-status--warning');
    expect(within(rows[2]!).getByText('Pending cancellation')).toHaveClass('absence-status--cancelled');
  });

  it("says what each impact symbol means, for an authorised, an informed and an unknown reason", () => {
    const { rows } = renderTable();
    const impact = (row: HTMLElement) => within(row).getAllByRole('cell')[1]!;
    expect(impact(rows[0]!)).toHaveTextContent('Authorised. Illness is an authorised absence: the classes do not count as missed');
    expect(impact(rows[1]!)).toHaveTextContent('Counts as missed. Religious observance is an informed absence: the classes still count as missed');
    expect(impact(rows[2]!)).toHaveTextContent('Unknown. The reason’s category is not known');
    // The short label is on screen, not only for screen readers (issue 34 §4).
    expect(within(impact(rows[1]!)).getByText('Counts as missed')).not.toHaveClass('visually-hidden');
    for (const row of rows) expect(impact(row).querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('marks a request with unsent changes on this device', () => {
    const { rows } = renderTable({ drafts: new Map([[draftKeyOf(requests[1]), Date.now()]]) });
    expect(within(rows[1]!).getByText('Unsent changes on this device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('Unsent changes on this device')).not.toBeInTheDocument();
  });

  it('hands the row to Open, named after its start and status', async () => {
    const onOpen = vi.fn();
    renderTable({ onOpen });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the absence request of 06/10/25, Awaiting evidence' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(requests[1]);
  });

  it('says so when there is no request yet', () => {
    render(<AbsencesTable requests={[]} categories={config.categories} drafts={new Map()} onOpen={vi.fn()} />);
    expect(screen.getByText('You have not requested any absences yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
