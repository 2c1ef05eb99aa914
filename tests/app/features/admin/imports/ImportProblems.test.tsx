import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filterProblems, ImportProblems, problemRows } from '../../../../../src/app/features/admin/imports/ImportProblems';
import { makeReport, problem } from './fixtures';

const report = makeReport({
  state: 'invalid',
  errors: [
    problem('ext.events.csv', 812, 'no_offset', 'start: "2026-10-05 09:00" has no offset', 'start'),
    problem('enrollments.csv', 40, 'unknown_reference', 'classSourcedId "CS2041-LAB-Z" is in no classes file and not held', 'classSourcedId'),
  ],
  warnings: [problem('users.csv', null, 'deactivation_threshold', 'users.csv would deactivate 40% of active users.')],
  moreErrors: 1_250,
});

/** The message cells of the table's body rows, in order. */
const messages = () =>
  within(screen.getByRole('table', { name: 'Problems' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td[data-label="Message"]')?.textContent ?? row.textContent);

describe('the problems of a report', () => {
  it('narrows to a severity or a file, both at once, or to the words searched', async () => {
    render(<ImportProblems report={report} />);
    expect(messages()).toHaveLength(3);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Warnings only');
    expect(messages()).toEqual(['users.csv would deactivate 40% of active users.']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Errors only');
    expect(messages()).toHaveLength(2);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'In file' }), 'enrollments.csv');
    expect(messages()).toEqual(['classSourcedId "CS2041-LAB-Z" is in no classes file and not held']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Warnings only');
    expect(screen.queryByRole('table', { name: 'Problems' })).not.toBeInTheDocument();
    expect(screen.getByText('No problem is of that kind in that file.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'In file' }), 'All files');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Errors and warnings');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search problems' }), 'offset');
    expect(messages()).toEqual(['start: "2026-10-05 09:00" has no offset']);
  });

  it('shows where each problem is, says how many more there are, and links every problem as CSV', () => {
    render(<ImportProblems report={report} />);
    const row = within(screen.getByRole('table', { name: 'Problems' })).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Error', 'ext.events.csv', '812', 'start', 'no_offset']),
    );
    expect(screen.getByText(/and 1,250 more errors not listed here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute('href', '/api/admin/imports/7/errors.csv');
  });

  it('filters by severity and file as pure rows', () => {
    const rows = problemRows(report);
    expect(filterProblems(rows, '', '').map((r) => r.severity)).toEqual(['error', 'error', 'warning']);
    expect(filterProblems(rows, 'warning', 'ext.events.csv')).toEqual([]);
    expect(filterProblems(rows, 'error', 'ext.events.csv').map((r) => r.line)).toEqual([812]);
  });
});
