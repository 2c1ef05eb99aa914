import { useId, useState, type Ref } from 'react';
import type { ImportReport as Report } from '../../../../shared/contract/adminImports';
import { ErrorBox } from '../form/FormParts';
import { ApplyDialog, RevertDialog } from './ImportDialogs';
import { ImportCounts } from './ImportCounts';
import { ImportProblems } from './ImportProblems';
import { formatCount, isInProgress, progressTexts, senderOf, stateLabels, stateTones, when } from './importText';

interface ImportReportProps {
  readonly report: Report | undefined;
  /** Why the report could not be read (last); shown above it, or instead of it before one loaded. */
  readonly error: unknown;
  readonly headingRef: Ref<HTMLHeadingElement>;
  readonly isOnline: boolean;
  /** Apply or revert was accepted (the batch is read again and its job followed). */
  readonly onRequested: () => void;
}

/** One batch: its state, what it does per kind of record, its problems, and Apply or Revert. */
export function ImportReport({ report, error, headingRef, isOnline, onRequested }: ImportReportProps) {
  const id = useId();
  const [dialog, setDialog] = useState<'apply' | 'revert'>();
  const label = report ? stateLabels[report.state] : undefined;
  const progressText = report ? progressTexts[report.state] : undefined;
  const hasProblems = report !== undefined && report.errors.length + report.warnings.length + report.moreErrors + report.moreWarnings > 0;
  const isCounted = report !== undefined && report.state !== 'validating' && report.state !== 'invalid';

  return (
    <section className="admin-editor admin-imports__report" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Import report
      </h2>
      {/* The state, said whenever it changes (a job moves it on while the page waits). */}
      <p className="visually-hidden" aria-live="polite">
        {report && label ? `Import of ${report.fileName}: ${label.endsWith('…') ? label : `${label}.`}` : ''}
      </p>
      {!report && (error ? <ErrorBox error={error} title="The report could not be loaded" /> : <p className="muted">Loading the report…</p>)}
      {report && (
        <>
          <p className="admin-imports__state">
            State: <span className={`admin-imports__badge admin-imports__badge--${stateTones[report.state]}`}>{label}</span>
          </p>
          {progressText && (
            <div className="admin-imports__working">
              <progress aria-label={progressText} />
              <span>{`${progressText} This page updates by itself; large bundles take a few minutes.`}</span>
            </div>
          )}
          {report.state === 'failed' && (
            <p className="callout callout--negative admin-imports__note">
              The server could not finish this import, and nothing was changed. Upload the bundle again; if it fails again, the server log says why.
            </p>
          )}
          {error && <ErrorBox error={error} title="The report could not be refreshed" />}
          <dl className="details admin-imports__facts">
            <div>
              <dt>File</dt>
              <dd>{report.fileName}</dd>
            </div>
            <div>
              <dt>Uploaded</dt>
              <dd>
                <time dateTime={report.createdAt}>{when(report.createdAt)}</time>
                {report.pushedBy ? ` by the client “${report.pushedBy}”` : ` by ${senderOf(report)}`}
              </dd>
            </div>
            <div>
              <dt>Source</dt>
              <dd>{report.source ?? 'Not named'}</dd>
            </div>
            <div>
              <dt>Deactivation threshold</dt>
              <dd>{`${formatCount(report.deactivationThresholdPercent)}%`}</dd>
            </div>
            {report.appliedAt && (
              <div>
                <dt>Applied</dt>
                <dd>
                  <time dateTime={report.appliedAt}>{when(report.appliedAt)}</time>
                </dd>
              </div>
            )}
            {report.revertedAt && (
              <div>
                <dt>Reverted</dt>
                <dd>
                  <time dateTime={report.revertedAt}>{when(report.revertedAt)}</time>
                </dd>
              </div>
            )}
          </dl>
          {isCounted && (
            <section aria-labelledby={`${id}-changes`} className="admin-imports__changes">
              <h3 id={`${id}-changes`}>{report.state === 'applied' || report.state === 'reverting' || report.state === 'reverted' ? 'What it changed' : 'What applying it does'}</h3>
              <ImportCounts counts={report.counts} caption="Changes per kind of record" />
            </section>
          )}
          {(report.state === 'ready' || report.isRevertable) && (
            <div className="admin-editor__actions">
              {report.state === 'ready' && (
                <button type="button" className="button button--primary" disabled={!isOnline} onClick={() => setDialog('apply')}>
                  Apply import…
                </button>
              )}
              {report.isRevertable && (
                <button type="button" className="button" disabled={!isOnline} onClick={() => setDialog('revert')}>
                  Revert import…
                </button>
              )}
            </div>
          )}
          {hasProblems ? <ImportProblems report={report} /> : !isInProgress(report.state) && <p>No errors or warnings.</p>}
          <ApplyDialog
            isOpen={dialog === 'apply'}
            report={report}
            onClose={() => setDialog(undefined)}
            onDone={() => {
              setDialog(undefined);
              onRequested();
            }}
          />
          <RevertDialog
            isOpen={dialog === 'revert'}
            report={report}
            onClose={() => setDialog(undefined)}
            onDone={() => {
              setDialog(undefined);
              onRequested();
            }}
          />
        </>
      )}
    </section>
  );
}
