export type SortDirection = 'ascending' | 'descending';

interface SortHeaderProps {
  /** The column's heading, e.g. 'Date'. */
  readonly label: string;
  /** How the rows are sorted by this column; undefined while another column (or none) sorts them. */
  readonly direction: SortDirection | undefined;
  readonly onSort: () => void;
}

const arrows: Record<SortDirection | 'none', string> = { ascending: '▲', descending: '▼', none: '↕' };

/**
 * A sortable column's heading in a ResponsiveTable with the `data-table--sortable` class: a button
 * that sorts by the column, heard as "Sort by Date" and, once it sorts the rows, "Sort by Date,
 * sorted descending"; the heading carries `aria-sort`. Its own name stays the column's, so a cell
 * is still announced under "Date". Wide, it looks like a heading; below 48rem the headings become
 * a row of the app's buttons above the cards, the one in use highlighted (issue 33 §1).
 */
export function SortHeader({ label, direction, onSort }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={direction ?? 'none'} aria-label={label}>
      <button
        type="button"
        className="button data-table__sort"
        aria-label={direction ? `Sort by ${label}, sorted ${direction}` : `Sort by ${label}`}
        onClick={onSort}
      >
        {label}
        <span aria-hidden="true" className="data-table__sort-arrow">
          {arrows[direction ?? 'none']}
        </span>
      </button>
    </th>
  );
}
