import { Link, useParams, useSearchParams } from 'react-router';
import { describeError } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { paths } from '../../routing/paths';
import { EmailLink } from '../../ui/email/EmailAddress';
import { caseTimeLabel } from './referralFilter';
import { ReferralStatusBadge } from './ReferralStatusBadge';
import { ReferralStatusForm } from './ReferralStatusForm';
import { useStaffReferralDetail } from './staffReferrals.queries';
import '../../ui/field.css';
import '../staffAbsences/staffAbsences.css';
import './staffReferrals.css';

/** /staff/referrals/:rowId: one referral, the student's details, the case notes, and the status form. */
export function StaffReferralDetailPage() {
  const current = useCurrentRoute();
  const { rowId = '' } = useParams();
  const [search] = useSearchParams();
  const loaded = useStaffReferralDetail(rowId);
  // Only ever a search string on our own list page.
  const back = `${paths.staffReferrals}${search.get('back') ? `?${new URLSearchParams(search.get('back') ?? '').toString()}` : ''}`;

  // A failed reload hides the referral, as a failed first load does: only what the server just said shows.
  const detail = loaded.isError ? undefined : loaded.data;

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
      {loaded.isPending && <p role="status">Loading the referral…</p>}
      {loaded.isError && <p className="callout callout--negative">{describeError(loaded.error, { getting: 'Referral' })}</p>}
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

          <ReferralStatusForm key={detail.rowId} referral={detail} />
        </>
      )}
    </div>
  );
}
