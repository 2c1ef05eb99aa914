import type { ReactNode } from 'react';
import type { AttendanceAnalysis } from '../../../shared/contract/attendance';
import { showErrorToast } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { ensureFresh } from '../../sync/ensureFresh';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { useResource } from '../../sync/useResource';
import { attendanceAnalysisResource } from './resources';
import './attendance.css';

/**
 * The frame both attendance pages share: heading, "Updated HH:mm" and a forced refresh, then the
 * page's content once the (possibly cached, offline) analysis is there.
 */
export function AttendanceFrame({ children }: { readonly children: (analysis: AttendanceAnalysis) => ReactNode }) {
  const current = useCurrentRoute();
  const { data, isLoading, error } = useResource(attendanceAnalysisResource);
  const refresh = () => {
    ensureFresh(attendanceAnalysisResource, { force: true }).catch((failure: unknown) =>
      showErrorToast(failure, { getting: 'Attendance Analysis' }),
    );
  };
  return (
    <div className="page attendance">
      <header className="page__intro attendance__intro">
        <h1>{current?.title ?? 'Attendance'}</h1>
        <div className="attendance__freshness">
          <UpdatedAt resourceKey={attendanceAnalysisResource.key} />
          <button type="button" className="button button--ghost" onClick={refresh} disabled={isLoading}>
            Refresh
          </button>
        </div>
      </header>
      {data ? (
        children(data)
      ) : isLoading ? (
        <p role="status">Loading your attendance…</p>
      ) : (
        <p role="status" className="callout card callout--negative">
          {error ? `Your attendance could not be loaded. ${error.message}` : 'Your attendance is not available yet.'}
        </p>
      )}
    </div>
  );
}
