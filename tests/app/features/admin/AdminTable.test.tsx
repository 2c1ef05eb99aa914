import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminTable, type AdminColumn } from '../../../../src/app/features/admin/table/AdminTable';
import { sortRows, type SortState } from '../../../../src/app/features/admin/table/tableRows';

interface Row {
  rowId: number;
  name: string;
  opens: number | null;
}

const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({ rowId: i + 1, name: `Link ${String(i + 1).padStart(2, '0')}`, opens: i % 5 === 0 ? null : i * 3 }));
const columns: AdminColumn<Row>[] = [
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'opens', header: 'Opens', value: (r) => r.opens },
];

function bodyNames(): string[] {
  const table = screen.getByRole('table', { name: 'Links' });
  return within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

describe('AdminTable', () => {
  it('pages ten rows by default, offers SPEC §2 sizes and shows all with 0', async () => {
    const user = userEvent.setup();
    render(<AdminTable caption="Links" rows={rows} columns={columns} rowKey={(r) => r.rowId} exportName="links" />);
    expect(bodyNames()).toHaveLength(10);
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '7', '10', '15', '20', '25', '50', 'All']);
    await user.selectOptions(size, 'All');
    expect(bodyNames()).toHaveLength(23);
  });

  it('sorts by a header, flips on a second click, and says so in aria-sort', async () => {
    const user = userEvent.setup();
    render(<AdminTable caption="Links" rows={rows} columns={columns} rowKey={(r) => r.rowId} exportName="links" />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyNames()[0]).toBe('Link 01');
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(bodyNames()[0]).toBe('Link 23');
  });

  it('searches every column and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<AdminTable caption="Links" rows={rows} columns={columns} rowKey={(r) => r.rowId} exportName="links" />);
    const search = screen.getByRole('searchbox', { name: 'Search links' });
    await user.type(search, 'LINK 19');
    expect(bodyNames()).toEqual(['Link 19']);
    await user.clear(search);
    await user.type(search, '63');
    expect(bodyNames()).toEqual(['Link 22']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search links' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search links' }), 'nothing like it');
    expect(screen.getByText('Nothing matches the search.')).toBeTruthy();
  });
});

describe('sortRows', () => {
  it('sorts numbers numerically and keeps empty values last in both directions', () => {
    const up: SortState = { key: 'opens', direction: 'ascending' };
    const sortedUp = sortRows(rows, columns, up).map((r) => r.opens);
    const sortedDown = sortRows(rows, columns, { ...up, direction: 'descending' }).map((r) => r.opens);
    expect(sortedUp.slice(0, 3)).toEqual([3, 6, 9]);
    expect(sortedDown.slice(0, 2)).toEqual([66, 63]);
    expect(sortedUp.slice(-5)).toEqual([null, null, null, null, null]);
    expect(sortedDown.slice(-5)).toEqual([null, null, null, null, null]);
  });
});
