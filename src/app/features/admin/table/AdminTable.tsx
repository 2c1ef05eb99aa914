import { useId, useMemo, useState, type ReactNode } from 'react';
import type { ExportColumn, ExportFormat } from '../../../format/exportItems';
import { exportItems } from '../../../format/download';
import { Pager } from '../../../ui/table/Pager';
import { ResponsiveTable } from '../../../ui/table/ResponsiveTable';
import { SortHeader } from '../../../ui/table/SortHeader';
import { usePagination } from '../../../ui/table/usePagination';
import { cellText, nextSort, searchRows, sortRows, type AdminColumn, type SortState } from './tableRows';
import '../../../ui/field.css';
import './adminTable.css';

export type { AdminColumn } from './tableRows';

interface AdminTableProps<T> {
  /** Names the table (caption, search box, pager, export). */
  readonly caption: string;
  readonly rows: readonly T[];
  readonly columns: readonly AdminColumn<T>[];
  readonly rowKey: (row: T) => string | number;
  /** Buttons for one row (edit, delete), in a last column headed 'Actions'. */
  readonly actions?: (row: T) => ReactNode;
  /** Export file name without extension, e.g. 'links'. */
  readonly exportName: string;
  readonly initialSort?: SortState;
  /** Rows per page to start with (one of SPEC §2's options); 10 by default. */
  readonly initialRowsPerPage?: number;
}

/**
 * The one table of the admin area: search over every column, sort by a column header, page with
 * SPEC §2's rows-per-page options, and export the rows found (all pages) as CSV or JSON with the
 * columns chosen, through SPEC §3's export helper.
 */
export function AdminTable<T>({ caption, rows, columns, rowKey, actions, exportName, initialSort, initialRowsPerPage }: AdminTableProps<T>) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | undefined>(initialSort);
  const found = useMemo(() => sortRows(searchRows(rows, columns, query), columns, sort), [rows, columns, query, sort]);
  const pagination = usePagination(found, initialRowsPerPage);
  return (
    <div className="admin-table">
      <div className="admin-table__tools">
        <div className="form-field admin-table__search">
          <label className="form-field__label" htmlFor={searchId}>
            Search {caption.toLocaleLowerCase()}
          </label>
          <input
            id={searchId}
            className="form-field__input"
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              pagination.setPage(1);
            }}
          />
        </div>
        <ExportControls caption={caption} columns={columns} rows={found} exportName={exportName} />
      </div>
      <ResponsiveTable label={caption} className="data-table--sortable">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              column.isSortable === false ? (
                <th key={column.key} scope="col">
                  {column.header}
                </th>
              ) : (
                <SortHeader
                  key={column.key}
                  label={column.header}
                  direction={sort?.key === column.key ? sort.direction : undefined}
                  onSort={() => setSort(nextSort(sort, column.key))}
                />
              ),
            )}
            {actions && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {pagination.rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.header}>
                  {column.render ? column.render(row) : cellText(column.value(row))}
                </td>
              ))}
              {actions && <td className="admin-table__actions">{actions(row)}</td>}
            </tr>
          ))}
          {found.length === 0 && (
            <tr>
              <td colSpan={columns.length + (actions ? 1 : 0)} className="muted">
                {rows.length === 0 ? 'Nothing here yet.' : 'Nothing matches the search.'}
              </td>
            </tr>
          )}
        </tbody>
      </ResponsiveTable>
      <Pager pagination={pagination} label={caption} />
    </div>
  );
}

interface ExportControlsProps<T> {
  readonly caption: string;
  readonly columns: readonly AdminColumn<T>[];
  readonly rows: readonly T[];
  readonly exportName: string;
}

/** A disclosure with a checkbox per column and one button per format. */
function ExportControls<T>({ caption, columns, rows, exportName }: ExportControlsProps<T>) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(columns.filter((c) => c.isExportedByDefault !== false).map((c) => c.key)),
  );
  const save = (format: ExportFormat) => {
    const picked: ExportColumn<T>[] = columns
      .filter((column) => chosen.has(column.key))
      .map((column) => ({ key: column.key, header: column.header, value: (row: T) => column.value(row) }));
    exportItems(rows, picked, format, exportName);
  };
  return (
    <details className="admin-table__export">
      <summary className="button">Export</summary>
      <fieldset className="admin-table__columns">
        <legend>Columns to export from {caption.toLocaleLowerCase()}</legend>
        {columns.map((column) => (
          <label key={column.key} className="admin-table__column">
            <input
              type="checkbox"
              checked={chosen.has(column.key)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(column.key);
                else next.delete(column.key);
                setChosen(next);
              }}
            />
            {column.header}
          </label>
        ))}
      </fieldset>
      <div className="admin-table__export-buttons">
        <button type="button" className="button" disabled={chosen.size === 0} onClick={() => save('csv')}>
          Export CSV
        </button>
        <button type="button" className="button" disabled={chosen.size === 0} onClick={() => save('json')}>
          Export JSON
        </button>
      </div>
    </details>
  );
}
