import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { staffReferralDetailRoute, type StaffReferralDetail } from '../../../shared/contract/staffReferrals';
import { callApi } from '../../api/client';
import { describeError, isAbortError } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { paths } from '../../routing/paths';
import { EmailLink } from '../../ui/email/EmailAddress';
import { caseTimeLabel } from './referralFilter';
import { ReferralStatusBadge } from './ReferralStatusBadge';
import { ReferralStatusForm } from './ReferralStatusForm';
import '../../ui/field.css';
import '../staffAbsences/staffAbsences.css';
import './staffReferrals.css';

type Loaded = { readonly status: 'loading' } | { readonly status: 'error'; readonly message: string } | { readonly status: 'ready'; readonly detail: StaffReferralDetail };

/** /staff/referrals/:rowId: one referral, the student's details, the case notes, and the status form. */
export function StaffReferralDetailPage() {
  const current = useCurrentRoute();
  const { rowId = '' } = useParams();
  const [search] = useSearchParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // Only ever a search string on our own list page.
  const back = `${paths.staffReferrals}${search.get('back') ? `?${new URLSearchParams(search.get('back') ?? '').toString()}` : ''}`;

  useEffect(() => {
    const controller = new AbortController();
    callApi(staffReferralDetailRoute, { params: { rowId }, signal: controller.signal })
      .then((detail) => setLoaded({ status: 'ready', detail }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setLoaded({ status: 'error', message: describeError(error, { getting: 'Referral' }) });
      });
    return () => controller.abort();
  }, [rowId]);

  const detail = loaded.status === 'ready' ? loaded.detail : undefined;

  return (
    <div className="page staff-absence">
      <p>
        <Link to={back}>Back to the referrals</Link>
      </p>
      <header className="page__intro">
        <h1>{current?.title ?? 'Referral'}</h1>
        {detail && (
          <p>
            {detail.studentName}
            {detail.studentId && ` (${detail.studentId})`}, <EmailLink address={detail.studentEmail} />
          </p>
        )}
      </header>
      {loaded.status === 'loading' && <p role="status">Loading the referral…</p>}
      {loaded.status === 'error' && <p className="callout callout--negative">{loaded.message}</p>}
      {detail && (
        <>
          <section className="card" aria-labelledby="referral-heading">
            <h2 id="referral-heading">What the student wrote</h2>
            <dl className="staff-absence__list">
              <dt>Status</dt>
              <dd>
                <ReferralStatusBadge status={detail.status} testId="referral-status" />
              </dd>
              <dt>Sent</dt>
              <dd>
                <time dateTime={detail.sentAt}>{caseTimeLabel(detail.sentAt)}</time>
              </dd>
              <dt>Programme</dt>
              <dd>{detail.programme ?? 'Not known'}</dd>
              <dt>Notes</dt>
              <dd className="staff-referral__notes-text">{detail.notes}</dd>
            </dl>
          </section>

          <section className="card" aria-labelledby="case-notes-heading">
            <h2 id="case-notes-heading">Case notes</h2>
            {detail.caseNotes.length === 0 ? (
              <p>No notes yet.</p>
            ) : (
              <ol className="staff-referral__history">
                {detail.caseNotes.map((entry) => (
                  <li key={entry.rowId}>
                    <p className="muted">
                      <time dateTime={entry.at}>{caseTimeLabel(entry.at)}</time>, {entry.authorName ?? 'a former member of staff'}:{' '}
                      {entry.statusBefore === entry.status ? `note (${entry.status})` : `${entry.statusBefore} to ${entry.status}`}
                    </p>
                    <p>{entry.note}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <ReferralStatusForm key={detail.rowId} referral={detail} onSaved={(next) => setLoaded({ status: 'ready', detail: next })} />
        </>
      )}
    </div>
  );
}
