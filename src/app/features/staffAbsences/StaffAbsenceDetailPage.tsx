import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { StaffAbsenceDetail } from '../../../shared/contract/staffAbsences';
import { absenceSpanLabel, weekdayDate } from '../../../shared/format/absenceSpan';
import { decisionDone, decisionUndoWindowMs } from '../../../shared/rules/absences/decisions';
import { toast } from '../../ui/toast/toastStore';
import { EmailLink } from '../../ui/email/EmailAddress';
import { describeError } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { paths } from '../../routing/paths';
import { statusLabels, statusTones } from '../absences/absenceView';
import { CoveredClasses } from './CoveredClasses';
import { DecisionPanel } from './DecisionPanel';
import { EvidenceFile } from './EvidenceFile';
import { NextRequest } from './NextRequest';
import { undoDecision, useReloadStaffAbsence, useStaffAbsenceDetail } from './staffAbsences.queries';
import { waitingFor, wallClockLabel } from './waitingTime';
import '../../ui/field.css';
import '../absences/absences.css';
import './staffAbsences.css';

/** /staff/absences/:rowId: one request with everything a reviewer needs to decide, and the decisions it allows. */
export function StaffAbsenceDetailPage() {
  const current = useCurrentRoute();
  const { rowId = '' } = useParams();
  const [search] = useSearchParams();
  const client = useQueryClient();
  const shown = useStaffAbsenceDetail(rowId);
  const reload = useReloadStaffAbsence(rowId);
  // Only ever a search string on our own list page.
  const back = `${paths.staffAbsences}${search.get('back') ? `?${new URLSearchParams(search.get('back') ?? '').toString()}` : ''}`;

  // The request decided on this visit: the page then offers the next one (a new rowId starts afresh).
  const [decidedRowId, setDecidedRowId] = useState<string>();

  // The request on screen now: an Undo toast outlives the page it came from (the reviewer may have
  // gone on to the next request and decided that too), and restores its own request only.
  const shownRowId = useRef(rowId);
  useEffect(() => {
    shownRowId.current = rowId;
  }, [rowId]);
  const undo = useCallback((decided: StaffAbsenceDetail) => {
    undoDecision(client, decided)
      .then((restored) => {
        if (String(restored.request.rowId) === shownRowId.current) setDecidedRowId(undefined);
        toast.info(`Decision undone: the request of ${restored.studentName} is back as it was, and the student was not told.`);
      })
      .catch((error: unknown) => toast.negative(`The decision was not undone. ${describeError(error)}`, { timeout: 10_000 }));
  }, [client]);

  // The decision is already in the request's query (decideAbsence): the page says what was decided.
  const onDecided = useCallback((decided: StaffAbsenceDetail) => {
    setDecidedRowId(String(decided.request.rowId));
    const what = decided.lastDecision ? decisionDone(decided.lastDecision.label) : statusLabels[decided.request.absenceStatus];
    toast.positive(`${what}: the request of ${decided.studentName}. The student is told in 10 seconds.`, {
      timeout: decisionUndoWindowMs,
      action: { label: 'Undo', onAction: () => undo(decided) },
    });
  }, [undo]);

  // A failed reload hides the request, as a failed first load does: only what the server just said shows.
  const error = shown.error;
  const detail = error ? undefined : shown.data?.detail;
  const loadedAt = shown.data?.at ?? 0;
  const request = detail?.request;

  return (
    <div className="page staff-absence">
      <p>
        <Link to={back}>Back to the review queue</Link>
      </p>
      <header className="page__intro">
        <h1>{current?.title ?? 'Absence request'}</h1>
        {detail && (
          <p>
            {detail.studentName} ({request?.studentId}), <EmailLink address={detail.studentEmail} />
          </p>
        )}
      </header>
      {shown.isPending && <p role="status">Loading the absence request…</p>}
      {error && <p className="callout callout--negative">{describeError(error, { getting: 'Absence Request' })}</p>}
      {detail && request && (
        <>
          <section className="card staff-absence__facts" aria-labelledby="request-heading">
            <h2 id="request-heading">Request</h2>
            <dl className="staff-absence__list">
              <dt>Status</dt>
              <dd>
                <span className={`absence-status absence-status--${statusTones[request.absenceStatus]}`} data-testid="review-status">
                  {statusLabels[request.absenceStatus]}
                </span>{' '}
                for {waitingFor(detail.waitingSince, loadedAt)}
                {request.evidenceAddedAt && <span className="staff-absences__mark">Evidence added on {wallClockLabel(request.evidenceAddedAt)}</span>}
              </dd>
              <dt>Dates</dt>
              <dd>{absenceSpanLabel(request.absenceStart, request.absenceEnd)}</dd>
              <dt>Category</dt>
              <dd>
                {detail.category.absenceCategoryName} ({detail.category.absenceType}
                {detail.category.requiresEvidence ? ', evidence required' : ''})
              </dd>
              <dt>Description</dt>
              <dd>{request.absenceDescription || 'None given'}</dd>
              <dt>Submitted</dt>
              <dd>
                <time dateTime={detail.submittedAt}>{wallClockLabel(detail.submittedAt)}</time>
              </dd>
              <dt>Attendance this year</dt>
              <dd>{detail.attendancePercentage === null ? 'Nothing counted yet' : `${Math.round(detail.attendancePercentage)}%`}</dd>
              <dt>Message to the student</dt>
              <dd>{request.messageToStudent || 'None'}</dd>
              {detail.lastDecision && (
                <>
                  <dt>Decision</dt>
                  <dd data-testid="review-decision">
                    {decisionDone(detail.lastDecision.label)} by {detail.lastDecision.decidedBy} on {weekdayDate(detail.lastDecision.decidedAt)} at{' '}
                    {detail.lastDecision.decidedAt.slice(11, 16)}
                  </dd>
                </>
              )}
            </dl>
          </section>

          <section className="card" aria-labelledby="evidence-heading">
            <h2 id="evidence-heading">Evidence</h2>
            {request.supportingFiles.length === 0 ? (
              <p>No files.</p>
            ) : (
              <ul className="staff-absence__files">
                {request.supportingFiles.map((file) => (
                  <EvidenceFile key={file.rowId} requestRowId={request.rowId} file={file} />
                ))}
              </ul>
            )}
          </section>

          <CoveredClasses classes={detail.coveredClasses} />

          <DecisionPanel key={request.lastModified} request={request} onDecided={onDecided} onReload={reload} />
          {decidedRowId === rowId && <NextRequest currentRowId={request.rowId} back={search.get('back') ?? ''} />}
        </>
      )}
    </div>
  );
}
