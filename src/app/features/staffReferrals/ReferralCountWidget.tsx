import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { staffReferralListRoute } from '../../../shared/contract/staffReferrals';
import { callApi } from '../../api/client';
import { describeError, isAbortError } from '../../api/errorHandler';
import { paths } from '../../routing/paths';
import { useHoldLayout } from '../../ui/layoutHold/holdContext';

type Counted = { readonly status: 'loading' } | { readonly status: 'error'; readonly message: string } | { readonly status: 'ready'; readonly fresh: number; readonly open: number };

/** Home, for Student Support: how many referrals are new (nobody has contacted the student yet). */
export default function ReferralCountWidget() {
  const [counted, setCounted] = useState<Counted>({ status: 'loading' });
  useHoldLayout(counted.status === 'loading');

  useEffect(() => {
    const controller = new AbortController();
    callApi(staffReferralListRoute, { query: { status: ['New'] }, signal: controller.signal })
      .then((page) => setCounted({ status: 'ready', fresh: page.counts.New, open: page.counts.New + page.counts.Contacted }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setCounted({ status: 'error', message: describeError(error, { getting: 'Referrals' }) });
      });
    return () => controller.abort();
  }, []);

  if (counted.status === 'loading') return <p className="widget__empty">Loading…</p>;
  if (counted.status === 'error') return <p className="widget__empty">{counted.message}</p>;
  return (
    <p data-testid="new-referral-count">
      <Link to={`${paths.staffReferrals}?status=New`}>
        <strong>{counted.fresh}</strong> new {counted.fresh === 1 ? 'referral' : 'referrals'}
      </Link>{' '}
      waiting for contact, {counted.open} open in all.
    </p>
  );
}
