import { useId, useState } from 'react';
import type { ViewAsSession } from '../../../../shared/contract/adminViewAs';
import { toErrorDetails } from '../../../api/errorHandler';
import { formatDate, formatTime24 } from '../../../format/dateTime';
import { ResponsiveTable } from '../../../ui/table/ResponsiveTable';
import { useViewAsLog } from './audit.queries';

const endings: Record<NonNullable<ViewAsSession['endedBy']>, string> = {
  stopped: 'Stopped by the administrator',
  expired: 'Ran out of time',
  signedOut: 'Signed out',
};

function When({ at }: { readonly at: string }) {
  return <time dateTime={at}>{`${formatDate(at)} ${formatTime24(at)}`}</time>;
}

function Session({ session }: { readonly session: ViewAsSession }) {
  const headingId = useId();
  const refusedCount = session.requests.filter((request) => request.refused).length;
  return (
    <article className="view-as-log__session" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {session.adminDisplayName} ({session.adminUserName}) viewed as {session.viewedDisplayName} ({session.viewedUserName})
      </h3>
      <dl className="view-as-log__facts">
        <div>
          <dt>Reason</dt>
          <dd>{session.reason}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <When at={session.startedAt} />
          </dd>
        </div>
        <div>
          <dt>Ended</dt>
          <dd>
            {session.endedAt ? <When at={session.endedAt} /> : 'Still running'}
            {session.endedBy && ` (${endings[session.endedBy]})`}
          </dd>
        </div>
        <div>
          <dt>IP address</dt>
          <dd>{session.ipAddress ?? 'Not recorded'}</dd>
        </div>
        <div>
          <dt>Browser</dt>
          <dd className="view-as-log__agent">{session.userAgent ?? 'Not recorded'}</dd>
        </div>
      </dl>
      <details className="view-as-log__requests">
        <summary>
          {session.requests.length} {session.requests.length === 1 ? 'request' : 'requests'}, {refusedCount} refused
        </summary>
        {session.requests.length > 0 && (
          <ResponsiveTable label={`Requests made while viewing as ${session.viewedDisplayName}`} className="view-as-log__table">
            <caption className="visually-hidden">Requests made while viewing as {session.viewedDisplayName}</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Request</th>
                <th scope="col">Route</th>
                <th scope="col">Status</th>
                <th scope="col">Refused</th>
              </tr>
            </thead>
            <tbody>
              {session.requests.map((request, index) => (
                <tr key={`${request.at}-${index}`}>
                  <td data-label="When">
                    <When at={request.at} />
                  </td>
                  <td data-label="Request" className="view-as-log__path">{`${request.method} ${request.path}`}</td>
                  <td data-label="Route">{request.routeId ?? '–'}</td>
                  <td data-label="Status">{request.status}</td>
                  <td data-label="Refused">{request.refused ? 'Refused (read only)' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
        )}
      </details>
    </article>
  );
}

/**
 * The audit page's view-as sessions (issue 17), newest first, one page at a time: who viewed whom,
 * why, when and from where, how it ended, and every request made meanwhile.
 */
export function ViewAsSessions() {
  const headingId = useId();
  const [pageNumber, setPageNumber] = useState(1);
  const log = useViewAsLog(pageNumber);
  const page = log.data;
  const error = log.error ? toErrorDetails(log.error).message : undefined;

  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <section className="view-as-log" aria-labelledby={headingId}>
      <h2 id={headingId}>View-as sessions</h2>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <p className="muted" role="status">
        {page
          ? page.total === 0
            ? 'No administrator has viewed as a user yet.'
            : `${page.total} ${page.total === 1 ? 'session' : 'sessions'}; page ${page.page} of ${pageCount}.`
          : 'Loading the view-as sessions…'}
      </p>
      {page?.items.map((session) => <Session key={session.rowId} session={session} />)}
      {pageCount > 1 && (
        <nav className="view-as-log__pages" aria-label="View-as session pages">
          <button type="button" className="button" disabled={pageNumber <= 1} onClick={() => setPageNumber((n) => n - 1)}>
            Newer sessions
          </button>
          <button type="button" className="button" disabled={pageNumber >= pageCount} onClick={() => setPageNumber((n) => n + 1)}>
            Older sessions
          </button>
        </nav>
      )}
    </section>
  );
}
