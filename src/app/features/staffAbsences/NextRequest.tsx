import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { staffAbsenceListRoute, type StaffAbsenceSummary } from '../../../shared/contract/staffAbsences';
import { absenceSpanLabel } from '../../../shared/format/absenceSpan';
import { callApi } from '../../api/client';
import { describeError, isAbortError } from '../../api/errorHandler';
import { pathTo } from '../../routing/paths';
import { statusLabels } from '../absences/absenceView';
import { readQueueFilter, toApiQuery } from './queueFilter';

interface NextRequestProps {
  /** The request just decided: never offered as the next one. */
  readonly currentRowId: number;
  /** The queue's filter the reviewer came from (its URL search string). */
  readonly back: string;
}

type Found =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly next: StaffAbsenceSummary | undefined };

/** After a decision: the first request of the reviewer's queue (with its filter) other than this one. */
export function NextRequest({ currentRowId, back }: NextRequestProps) {
  const [found, setFound] = useState<Found>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const query = toApiQuery({ ...readQueueFilter(new URLSearchParams(back)), page: 1, pageSize: 10 });
    callApi(staffAbsenceListRoute, { query, signal: controller.signal })
      .then((page) => setFound({ status: 'ready', next: page.items.find((item) => item.rowId !== currentRowId) }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFound({ status: 'error', message: describeError(error, { getting: 'Absence Requests' }) });
      });
    return () => controller.abort();
  }, [currentRowId, back]);

  return (
    <section className="card staff-absence__next" aria-labelledby="next-heading">
      <h2 id="next-heading">Next request</h2>
      {found.status === 'loading' && <p role="status">Finding the next request…</p>}
      {found.status === 'error' && <p className="callout callout--negative">{found.message}</p>}
      {found.status === 'ready' && !found.next && <p>Nothing else in the queue waits for a decision.</p>}
      {found.status === 'ready' && found.next && (
        <>
          <p>
            {found.next.studentName}, {absenceSpanLabel(found.next.absenceStart, found.next.absenceEnd)}: {statusLabels[found.next.absenceStatus]}
            {found.next.evidenceAddedAt ? ', evidence added' : ''}.
          </p>
          <Link className="button button--primary" to={`${pathTo('staffAbsenceDetail', { rowId: String(found.next.rowId) })}${back ? `?back=${encodeURIComponent(back)}` : ''}`}>
            Open the next request
          </Link>
        </>
      )}
    </section>
  );
}
