import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { staffAbsenceCountsRoute, type StaffAbsenceCounts } from '../../../shared/contract/staffAbsences';
import { callApi } from '../../api/client';
import { describeError, isAbortError } from '../../api/errorHandler';
import { paths } from '../../routing/paths';
import { useHoldLayout } from '../../ui/layoutHold/holdContext';

type Loaded = { readonly status: 'loading' } | { readonly status: 'error'; readonly message: string } | { readonly status: 'ready'; readonly counts: StaffAbsenceCounts };

const requests = (n: number): string => `${n} ${n === 1 ? 'request' : 'requests'}`;

/**
 * The review queues the user works (issue 31): how many absence requests wait for a decision, and
 * how many wait for the student. One list item per queue; the referral queue will take its place
 * beside the absences. Reviewing needs the network: nothing here is kept offline.
 */
export default function ReviewQueuesWidget() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useHoldLayout(loaded.status === 'loading');

  useEffect(() => {
    const controller = new AbortController();
    callApi(staffAbsenceCountsRoute, { signal: controller.signal })
      .then((counts) => setLoaded({ status: 'ready', counts }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setLoaded({ status: 'error', message: describeError(error, { getting: 'Review Queues' }) });
      });
    return () => controller.abort();
  }, []);

  if (loaded.status === 'loading') return <p className="widget__empty">Counting the requests…</p>;
  if (loaded.status === 'error') return <p className="widget__empty">{loaded.message}</p>;
  const { counts } = loaded;
  const toDecide = counts.pending + counts.pendingCancellation;
  return (
    <ul className="widget__queues">
      <li data-queue="absences">
        <Link to={paths.staffAbsences}>Absence requests</Link>: {requests(toDecide)} to decide
        {counts.evidenceAdded > 0 ? ` (${counts.evidenceAdded} with evidence added)` : ''}, {requests(counts.awaitingEvidence)} awaiting evidence
      </li>
    </ul>
  );
}
