import { useSearchParams } from 'react-router';
import { describeError } from '../../api/errorHandler';
import { pathTo } from '../../routing/paths';
import { useCurrentRoute } from '../../routing/handle';
import { statusLabels } from '../absences/absenceView';
import { QueueFilters } from './QueueFilters';
import { QueueTable } from './QueueTable';
import { queuePageSizes, readQueueFilter, writeQueueFilter, type QueueFilterState } from './queueFilter';
import { useStaffAbsencePage } from './staffAbsences.queries';
import '../../ui/field.css';
import '../absences/absences.css';
import './staffAbsences.css';

/**
 * /staff/absences: the school office's queue of absence requests, oldest first, paged on the
 * server and filtered by status, module, dates, category and student. Reviewing needs the network:
 * nothing here is kept offline.
 */
export function StaffAbsencesPage() {
  const current = useCurrentRoute();
  const [search, setSearch] = useSearchParams();
  const filter = readQueueFilter(search);
  const key = search.toString();
  const queue = useStaffAbsencePage(key);
  const apply = (next: QueueFilterState) => setSearch(writeQueueFilter(next));
  const goToPage = (page: number) => apply({ ...filter, page });
  // A failed load shows its error instead of the list, as before; a new filter keeps the old list until it answers.
  const page = queue.isError ? undefined : queue.data?.page;
  const now = queue.data?.at ?? 0;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const statusSummary = filter.statuses.map((status) => statusLabels[status]).join(', ');

  return (
    <div className="page staff-absences">
      <header className="page__intro">
        <h1>{current?.title ?? 'Absence reviews'}</h1>
        <p>Students’ absence requests waiting for a decision, oldest first. Open one to see its evidence and decide.</p>
      </header>

      <QueueFilters key={key} filter={filter} categories={page?.categories ?? []} onApply={(next) => apply({ ...next, page: 1 })} />

      <section className="card staff-absences__results" aria-labelledby="queue-heading">
        <h2 id="queue-heading">Requests</h2>
        <p role="status" className="muted">
          {queue.isPending && 'Loading absence requests…'}
          {page && `${page.total} ${page.total === 1 ? 'request' : 'requests'} (${statusSummary})`}
        </p>
        {queue.isError && <p className="callout callout--negative">{describeError(queue.error, { getting: 'Absence Requests' })}</p>}
        {page && page.items.length > 0 && (
          <QueueTable items={page.items} now={now} linkTo={(rowId) => `${pathTo('staffAbsenceDetail', { rowId: String(rowId) })}?back=${encodeURIComponent(key)}`} />
        )}
        {page && page.items.length === 0 && <p>No absence requests match these filters.</p>}
        {page && page.total > 0 && (
          <nav className="staff-absences__pager" aria-label="Absence request pages">
            <label className="staff-absences__page-size">
              Rows per page{' '}
              <select className="pager__select" value={filter.pageSize} onChange={(event) => apply({ ...filter, page: 1, pageSize: Number(event.target.value) })}>
                {queuePageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            <p aria-live="polite">
              Page {page.page} of {pageCount}
            </p>
            <button type="button" className="button button--ghost" disabled={page.page <= 1} onClick={() => goToPage(page.page - 1)}>
              Previous page
            </button>
            <button type="button" className="button button--ghost" disabled={page.page >= pageCount} onClick={() => goToPage(page.page + 1)}>
              Next page
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
