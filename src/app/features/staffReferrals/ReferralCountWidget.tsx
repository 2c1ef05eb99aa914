import { Link } from 'react-router';
import { describeError } from '../../api/errorHandler';
import { paths } from '../../routing/paths';
import { ServerStateProvider } from '../../serverState/ServerStateProvider';
import { useHoldLayout } from '../../ui/layoutHold/holdContext';
import { useNewReferralCount } from './staffReferrals.queries';

/**
 * Home, for Student Support: how many referrals are new (nobody has contacted the student yet).
 * Loaded lazily (only Student Support sees it), with the app's query client, which this chunk
 * brings: a student's home page never loads it.
 */
export default function ReferralCountWidget() {
  return (
    <ServerStateProvider>
      <ReferralCount />
    </ServerStateProvider>
  );
}

function ReferralCount() {
  const counted = useNewReferralCount();
  useHoldLayout(counted.isPending);

  if (counted.isPending) return <p className="widget__empty">Loading…</p>;
  if (counted.isError) return <p className="widget__empty">{describeError(counted.error, { getting: 'Referrals' })}</p>;
  const { fresh, open } = counted.data;
  return (
    <p data-testid="new-referral-count">
      <Link to={`${paths.staffReferrals}?status=New`}>
        <strong>{fresh}</strong> new {fresh === 1 ? 'referral' : 'referrals'}
      </Link>{' '}
      waiting for contact, {open} open in all.
    </p>
  );
}
