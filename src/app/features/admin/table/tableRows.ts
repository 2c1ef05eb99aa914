/** The pure part of the admin table: a column's value, searching and sorting rows. */
import type { ReactNode } from 'react';
import type { SortDirection } from '../../../ui/table/SortHeader';

export type CellValue = string | number | boolean | null | undefined | readonly string[];

export interface AdminColumn<T> {
  /** Identity of the column and its key in JSON exports. */
  readonly key: string;
  readonly header: string;
  /** The value searched, sorted and exported. */
  readonly value: (row: T) => CellValue;
  /** What the cell shows; defaults to the value as text. */
  readonly render?: (row: T) => ReactNode;
  /** Defaults to true. */
  readonly isSortable?: boolean;
  /** Left out of exports by default (still choosable). */
  readonly isExportedByDefault?: boolean;
}

export type { SortDirection };
export interface SortState {
  readonly key: string;
  readonly direction: SortDirection;
}

/** A value as the text a cell shows and a search reads. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** Rows any of whose column texts contains every word of the query, case-insensitively. */
export function searchRows<T>(rows: readonly T[], columns: readonly AdminColumn<T>[], query: string): T[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = columns.map((column) => cellText(column.value(row)).toLocaleLowerCase()).join('\u0000');
    return words.every((word) => haystack.includes(word));
  });
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: CellValue, b: CellValue): number {
  const isEmpty = (v: CellValue) => v === null || v === undefined || v === '';
  if (isEmpty(a) || isEmpty(b)) return Number(isEmpty(a)) - Number(isEmpty(b));
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(b) - Number(a);
  return collator.compare(cellText(a), cellText(b));
}

/** A stable sort by one column; empty values always last. */
export function sortRows<T>(rows: readonly T[], columns: readonly AdminColumn<T>[], sort: SortState | undefined): T[] {
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((x, y) => {
      const xEmpty = x.value === null || x.value === undefined || x.value === '';
      const yEmpty = y.value === null || y.value === undefined || y.value === '';
      if (xEmpty !== yEmpty) return xEmpty ? 1 : -1;
      return sign * compareValues(x.value, y.value) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** Clicking a header: a new column sorts ascending, the same one flips. */
export function nextSort(current: SortState | undefined, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: 'ascending' };
}
