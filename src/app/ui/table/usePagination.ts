import { useMemo, useState } from 'react';
import { clampPage, defaultRowsPerPage, pageCount, pageItems, rangeLabel, type RowsPerPage } from './pagination';

export interface Pagination<T> {
  /** 1-based, always within range even when the rows shrink. */
  readonly page: number;
  readonly pageCount: number;
  readonly rowsPerPage: RowsPerPage;
  readonly rows: T[];
  readonly rangeLabel: string;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  setPage(page: number): void;
  /** Changing the page size goes back to page 1. */
  setRowsPerPage(rowsPerPage: RowsPerPage): void;
}

/** Client-side paging of a list, for tables; pair it with `<Pager/>`. */
export function usePagination<T>(items: readonly T[], initialRowsPerPage: RowsPerPage = defaultRowsPerPage): Pagination<T> {
  const [requestedPage, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPageState] = useState(initialRowsPerPage);
  const page = clampPage(requestedPage, items.length, rowsPerPage);
  const pages = pageCount(items.length, rowsPerPage);
  const rows = useMemo(() => pageItems(items, page, rowsPerPage), [items, page, rowsPerPage]);
  return {
    page,
    pageCount: pages,
    rowsPerPage,
    rows,
    rangeLabel: rangeLabel(page, items.length, rowsPerPage),
    hasPrevious: page > 1,
    hasNext: page < pages,
    setPage,
    setRowsPerPage(next) {
      setRowsPerPageState(next);
      setPage(1);
    },
  };
}
