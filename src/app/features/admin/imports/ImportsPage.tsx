import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../routing/paths';
import { ErrorBox } from '../form/FormParts';
import { PageFrame } from '../form/PageFrame';
import { useOnline } from '../shell/useOnline';
import { ImportHistory } from './ImportHistory';
import { ImportReport } from './ImportReport';
import { isInProgress } from './importText';
import { UploadForm } from './UploadForm';
import { reloadImportHistory, useImportHistory, useImportReport } from './imports.queries';
import '../../../ui/field.css';
import './imports.css';

const reportPath = (rowId: number): string => `${paths.adminImports}/${rowId}`;

/**
 * /admin/imports and /admin/imports/:rowId: upload a bundle (checked by a job before anything
 * changes), its report (followed while a job works on it), Apply and Revert, and the history.
 */
export function ImportsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const isOnline = useOnline();
  const rowId = params.rowId !== undefined && /^[1-9]\d{0,9}$/.test(params.rowId) ? Number(params.rowId) : undefined;
  const { data: report, error } = useImportReport(rowId);
  const history = useImportHistory();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The batch just uploaded: its report heading takes the focus once it is on the page.
  const focusOnRowId = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (rowId === undefined || focusOnRowId.current !== rowId) return;
    focusOnRowId.current = undefined;
    headingRef.current?.focus();
  }, [rowId]);

  // After Apply or Revert the heading holds the focus until the job is done. The dialog gives the
  // focus back to the button that opened it once its closing animation ends, and that button goes
  // with the old state, so the focus may then be lost (on the body) or moved outside the page's
  // content by the dialog's fallback: each new state puts it back on the heading.
  const isFocusOwed = useRef(false);
  const state = report?.state;
  useEffect(() => {
    if (!state) return;
    // The history shows each batch's state too: read it again whenever the report's state moves.
    void reloadImportHistory(queryClient);
    if (!isFocusOwed.current) return;
    const focused = document.activeElement;
    if (!focused || !focused.isConnected || !focused.closest('main')) headingRef.current?.focus();
    if (!isInProgress(state)) isFocusOwed.current = false;
  }, [state, queryClient]);

  return (
    <PageFrame intro="Bring in a university's data: a zip of OneRoster 1.2 CSV files plus the timetable extension files (rooms, events, absence categories). Each bundle is checked before anything changes.">
      <div className="admin-imports">
        <UploadForm
          onUploaded={(summary) => {
            focusOnRowId.current = summary.rowId;
            void navigate(reportPath(summary.rowId));
          }}
        />
        {params.rowId !== undefined && rowId === undefined && (
          <p className="form-field__error" role="alert">
            There is no import at this address. Open one from the history below.
          </p>
        )}
        {rowId !== undefined && (
          <ImportReport
            key={rowId}
            report={report}
            error={error}
            headingRef={headingRef}
            isOnline={isOnline}
            onRequested={() => {
              isFocusOwed.current = true;
              // After the dialog gives the focus back: its button may be gone with the old state.
              requestAnimationFrame(() => headingRef.current?.focus());
            }}
          />
        )}
        <section className="admin-imports__history" aria-labelledby="admin-imports-history">
          <h2 id="admin-imports-history">History</h2>
          {history.error && <ErrorBox error={history.error} title="The history could not be loaded" />}
          {!history.data && !history.error ? (
            <p className="muted">Loading the history…</p>
          ) : (
            <ImportHistory items={history.data?.items ?? []} reportPath={reportPath} />
          )}
        </section>
      </div>
    </PageFrame>
  );
}
