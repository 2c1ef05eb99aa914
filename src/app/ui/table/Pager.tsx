import { useId } from 'react';
import { Icon } from '../icons/Icon';
import { rowsPerPageLabel, rowsPerPageOptions } from './pagination';
import type { Pagination } from './usePagination';

interface PagerProps {
  readonly pagination: Pagination<unknown>;
  /** Names the table it pages, e.g. 'Absence requests', for the navigation landmark. */
  readonly label: string;
}

/** Rows-per-page choice, the range in view and previous/next buttons, below a table. */
export function Pager({ pagination, label }: PagerProps) {
  const selectId = useId();
  const { page, pageCount, rowsPerPage, hasPrevious, hasNext } = pagination;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <label className="pager__size" htmlFor={selectId}>
        Rows per page
        <select
          id={selectId}
          className="pager__select"
          value={rowsPerPage}
          onChange={(event) => pagination.setRowsPerPage(Number(event.target.value))}
        >
          {rowsPerPageOptions.map((option) => (
            <option key={option} value={option}>
              {rowsPerPageLabel(option)}
            </option>
          ))}
        </select>
      </label>
      <p className="pager__range" aria-live="polite">
        {pagination.rangeLabel}
      </p>
      <div className="pager__buttons">
        <button
          type="button"
          className="icon-button"
          aria-label="Previous page"
          disabled={!hasPrevious}
          onClick={() => pagination.setPage(page - 1)}
        >
          <Icon name="chevronLeft" size={20} />
        </button>
        <span className="pager__position">
          Page {page} of {pageCount}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label="Next page"
          disabled={!hasNext}
          onClick={() => pagination.setPage(page + 1)}
        >
          <Icon name="chevronRight" size={20} />
        </button>
      </div>
    </nav>
  );
}
