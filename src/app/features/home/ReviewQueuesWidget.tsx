import { Link } from 'react-router';
import { describeError } from '../../api/errorHandler';
import { paths } from '../../routing/paths';
import { ServerStateProvider } from '../../serverState/ServerStateProvider';
import { useHoldLayout } from '../../ui/layoutHold/holdContext';
import { useStaffAbsenceCounts } from '../staffAbsences/staffAbsences.queries';

const requests = (n: number): string => `${n} ${n === 1 ? 'request' : 'requests'}`;

/**
 * The review queues the user works (issue 31): how many absence requests wait for a decision, and
 * how many wait for the student. One list item per queue; the referral queue will take its place
 * beside the absences. Reviewing needs the network: nothing here is kept offline. Loaded lazily
 * (only reviewers see it), with the app's query client, which this chunk brings: a student's home
 * page never loads it.
 */
export default function ReviewQueuesWidget() {
  return (
    <ServerStateProvider>
      <ReviewQueues />
    </ServerStateProvider>
  );
}

function ReviewQueues() {
  const counted = useStaffAbsenceCounts();
  useHoldLayout(counted.isPending);

  if (counted.isPending) return <p className="widget__empty">Counting the requests…</p>;
  if (counted.isError) return <p className="widget__empty">{describeError(counted.error, { getting: 'Review Queues' })}</p>;
  const counts = counted.data;
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
