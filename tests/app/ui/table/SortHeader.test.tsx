import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SortHeader, type SortDirection } from '../../../../src/app/ui/table/SortHeader';

/** A one-column table whose heading sorts it: ascending first, then flipping. */
function DateHeading({ start }: { readonly start?: SortDirection }) {
  const [direction, setDirection] = useState<SortDirection | undefined>(start);
  return (
    <table>
      <thead>
        <tr>
          <SortHeader label="Date" direction={direction} onSort={() => setDirection(direction === 'ascending' ? 'descending' : 'ascending')} />
        </tr>
      </thead>
    </table>
  );
}

describe('SortHeader', () => {
  it('is a button named for what it does, in a heading that keeps the column name and says how it sorts', () => {
    render(<DateHeading />);
    const heading = screen.getByRole('columnheader', { name: 'Date' });
    expect(heading.getAttribute('aria-sort')).toBe('none');
    expect(heading.getAttribute('scope')).toBe('col');
    const button = screen.getByRole('button', { name: 'Sort by Date' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('button');
    expect(button.textContent).toBe('Date↕');
  });

  it('names the order it sorts by once it sorts the rows', () => {
    render(<DateHeading start="descending" />);
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('button', { name: 'Sort by Date, sorted descending' }).textContent).toBe('Date▼');
  });

  it('sorts from the keyboard: Enter, then Space flips the order', async () => {
    const user = userEvent.setup();
    render(<DateHeading />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sort by Date' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('ascending');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sort by Date, sorted ascending' }));
    await user.keyboard(' ');
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('button', { name: 'Sort by Date, sorted descending' })).toBeTruthy();
  });
});
