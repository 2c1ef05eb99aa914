import { Link } from 'react-router';
import { absenceSpanLabel } from '../../../shared/format/absenceSpan';
import { describeError } from '../../api/errorHandler';
import { pathTo } from '../../routing/paths';
import { statusLabels } from '../absences/absenceView';
import { useQueueHead } from './staffAbsences.queries';

interface NextRequestProps {
  /** The request just decided: never offered as the next one. */
  readonly currentRowId: number;
  /** The queue's filter the reviewer came from (its URL search string). */
  readonly back: string;
}

/** After a decision: the first request of the reviewer's queue (with its filter) other than this one. */
export function NextRequest({ currentRowId, back }: NextRequestProps) {
  const head = useQueueHead(back);
  // Only a fresh answer names the next request: a cached one may offer a request decided since.
  const isFinding = head.isPending || head.isFetching;
  const next = head.data?.items.find((item) => item.rowId !== currentRowId);

  return (
    <section className="card staff-absence__next" aria-labelledby="next-heading">
      <h2 id="next-heading">Next request</h2>
      {isFinding && <p role="status">Finding the next request…</p>}
      {!isFinding && head.isError && <p className="callout callout--negative">{describeError(head.error, { getting: 'Absence Requests' })}</p>}
      {!isFinding && head.isSuccess && !next && <p>Nothing else in the queue waits for a decision.</p>}
      {!isFinding && head.isSuccess && next && (
        <>
          <p>
            {next.studentName}, {absenceSpanLabel(next.absenceStart, next.absenceEnd)}: {statusLabels[next.absenceStatus]}
            {next.evidenceAddedAt ? ', evidence added' : ''}.
          </p>
          <Link className="button button--primary" to={`${pathTo('staffAbsenceDetail', { rowId: String(next.rowId) })}${back ? `?back=${encodeURIComponent(back)}` : ''}`}>
            Open the next request
          </Link>
        </>
      )}
    </section>
  );
}
