import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AbsenceRequest } from '../../../../src/shared/contract/absences';
import { AbsencesTable } from '../../../../src/app/features/absences/AbsencesTable';
import { categories, config, makeRequest } from './fixtures';

// Issue 20: on a phone the absences table is a list of cards (styles/components.css). The markup
// the card layout relies on: the shared card table, a column label on every data cell, and one
// control per row that opens it (its ::after covers the card).

const requests: AbsenceRequest[] = [
  makeRequest({ rowId: 1, absenceStart: '2025-11-10T09:30:00+00:00', absenceStatus: 'Pending', absenceCategoryRowId: categories.illness.rowId }),
  makeRequest({ rowId: 2, absenceStart: '2025-10-06T00:00:00+01:00', absenceStatus: 'AwaitingEvidence', absenceCategoryRowId: categories.observance.rowId }),
];

function renderTable(onOpen = vi.fn()) {
  render(<AbsencesTable requests={requests} categories={config.categories} drafts={new Map()} onOpen={onOpen} />);
  const table = screen.getByRole('table', { name: 'Your absence requests' });
  return { table, rows: within(table).getAllByRole('row').slice(1), onOpen };
}

describe('the absences table as cards', () => {
  it('is the shared card table, inside a named region', () => {
    const { table } = renderTable();
    expect(table).toHaveClass('data-table', 'data-table--cards', 'absences-table');
    expect(screen.getByRole('region', { name: 'Your absence requests' })).toContainElement(table);
  });

  it('labels each value with its column, so a card reads without the headings', () => {
    const { rows } = renderTable();
    for (const row of rows) {
      const labelled = [...row.querySelectorAll('td[data-label]')].map((cell) => cell.getAttribute('data-label'));
      expect(labelled).toEqual(['Status', 'Impact']);
    }
  });

  it('gives each row exactly one control, the one that opens it and covers the card', async () => {
    const { rows, onOpen } = renderTable();
    for (const row of rows) {
      const controls = row.querySelectorAll('button, a[href], input, select, textarea, [tabindex]');
      expect(controls).toHaveLength(1);
      expect(controls[0]).toHaveClass('data-table__open');
    }
    await userEvent.setup().click(within(rows[0]!).getByRole('button', { name: 'Open the absence request of 10/11/25 09:30, Pending' }));
    expect(onOpen).toHaveBeenCalledWith(requests[0]);
  });
});
