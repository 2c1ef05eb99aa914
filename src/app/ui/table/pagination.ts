import { rowsPerPageOptions } from '../../../shared/constants';

/** SPEC §2 table defaults: 5, 7, 10, 15, 20, 25, 50, and 0 meaning all rows. */
export { rowsPerPageOptions };
export type RowsPerPage = number;

export const defaultRowsPerPage = 10;

/** How many pages `total` rows fill; always at least one, so an empty table still has page 1. */
export function pageCount(total: number, rowsPerPage: RowsPerPage): number {
  if (rowsPerPage <= 0 || total <= 0) return 1;
  return Math.ceil(total / rowsPerPage);
}

/** Keeps a 1-based page number within 1..pageCount. */
export function clampPage(page: number, total: number, rowsPerPage: RowsPerPage): number {
  const last = pageCount(total, rowsPerPage);
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

/** The rows of one 1-based page. */
export function pageItems<T>(items: readonly T[], page: number, rowsPerPage: RowsPerPage): T[] {
  if (rowsPerPage <= 0) return [...items];
  const start = (clampPage(page, items.length, rowsPerPage) - 1) * rowsPerPage;
  return items.slice(start, start + rowsPerPage);
}

/** '11–20 of 42', 'All 42', or 'No rows': what the pager says about the rows in view. */
export function rangeLabel(page: number, total: number, rowsPerPage: RowsPerPage): string {
  if (total === 0) return 'No rows';
  if (rowsPerPage <= 0) return `All ${total}`;
  const start = (clampPage(page, total, rowsPerPage) - 1) * rowsPerPage + 1;
  const end = Math.min(total, start + rowsPerPage - 1);
  return `${start}–${end} of ${total}`;
}

/** The label of a rows-per-page choice. */
export function rowsPerPageLabel(rowsPerPage: RowsPerPage): string {
  return rowsPerPage <= 0 ? 'All' : String(rowsPerPage);
}
