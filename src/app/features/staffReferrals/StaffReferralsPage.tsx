import { useSearchParams } from 'react-router';
import { describeError } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { pathTo } from '../../routing/paths';
import { ReferralFilters } from './ReferralFilters';
import { ReferralTable } from './ReferralTable';
import { readReferralFilter, writeReferralFilter, type ReferralFilterState } from './referralFilter';
import { useStaffReferralPage } from './staffReferrals.queries';
import '../../ui/field.css';
import '../staffAbsences/staffAbsences.css';
import './staffReferrals.css';

/**
 * /staff/referrals: the self-referrals students send, newest first, filtered by status (open ones
 * by default) and student. Handling them needs the network: nothing here is kept offline.
 */
export function StaffReferralsPage() {
  const current = useCurrentRoute();
  const [search, setSearch] = useSearchParams();
  const filter = readReferralFilter(search);
  const key = search.toString();
  const loaded = useStaffReferralPage(key);
  const apply = (next: ReferralFilterState) => setSearch(writeReferralFilter(next));
  // A failed load shows its error instead of the list; a new filter keeps the old list until it answers.
  const page = loaded.isError ? undefined : loaded.data;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <div className="page staff-absences">
      <header className="page__intro">
        <h1>{current?.title ?? 'Student support referrals'}</h1>
        <p>Students who asked Student Support for help, newest first. Open one to contact the student and note what was done.</p>
      </header>

      <ReferralFilters key={key} filter={filter} counts={page?.counts} onApply={(next) => apply({ ...next, page: 1 })} />

      <section className="card staff-absences__results" aria-labelledby="referrals-heading">
        <h2 id="referrals-heading">Referrals</h2>
        <p role="status" className="muted">
          {loaded.isPending && 'Loading referrals…'}
          {page && `${page.total} ${page.total === 1 ? 'referral' : 'referrals'} (${filter.statuses.join(', ')})`}
        </p>
        {loaded.isError && <p className="callout callout--negative">{describeError(loaded.error, { getting: 'Referrals' })}</p>}
        {page && page.items.length > 0 && (
          <ReferralTable items={page.items} linkTo={(rowId) => `${pathTo('staffReferralDetail', { rowId: String(rowId) })}?back=${encodeURIComponent(key)}`} />
        )}
        {page && page.items.length === 0 && <p>No referrals match these filters.</p>}
        {page && pageCount > 1 && (
          <nav className="staff-absences__pager" aria-label="Referral pages">
            <p aria-live="polite">
              Page {page.page} of {pageCount}
            </p>
            <button type="button" className="button button--ghost" disabled={page.page <= 1} onClick={() => apply({ ...filter, page: page.page - 1 })}>
              Previous page
            </button>
            <button type="button" className="button button--ghost" disabled={page.page >= pageCount} onClick={() => apply({ ...filter, page: page.page + 1 })}>
              Next page
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
