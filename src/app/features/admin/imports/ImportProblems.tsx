import { useId, useMemo, useState } from 'react';
import { importProblemsCsvRoute, type ImportProblem, type ImportReport } from '../../../../shared/contract/adminImports';
import { buildUrl } from '../../../api/url';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { formatCount } from './importText';
import '../../../ui/field.css';

export type Severity = 'error' | 'warning';
export interface ProblemRow extends ImportProblem {
  readonly severity: Severity;
  /** Its place in the report, for a stable row key. */
  readonly index: number;
}

const severityLabels: Record<Severity, string> = { error: 'Error', warning: 'Warning' };

const columns: readonly AdminColumn<ProblemRow>[] = [
  { key: 'severity', header: 'Severity', value: (p) => severityLabels[p.severity] },
  { key: 'file', header: 'File', value: (p) => p.file },
  { key: 'line', header: 'Line', value: (p) => p.line },
  { key: 'column', header: 'Column', value: (p) => p.column },
  { key: 'code', header: 'Code', value: (p) => p.code, render: (p) => <code>{p.code}</code> },
  { key: 'message', header: 'Message', value: (p) => p.message },
];

/** The report's errors, then its warnings, as rows of one table. */
export function problemRows(report: Pick<ImportReport, 'errors' | 'warnings'>): ProblemRow[] {
  return [
    ...report.errors.map((problem) => ({ ...problem, severity: 'error' as const })),
    ...report.warnings.map((problem) => ({ ...problem, severity: 'warning' as const })),
  ].map((row, index) => ({ ...row, index }));
}

/** Rows of the severity and file chosen ('' for any). */
export function filterProblems(rows: readonly ProblemRow[], severity: Severity | '', file: string): ProblemRow[] {
  return rows.filter((row) => (severity === '' || row.severity === severity) && (file === '' || row.file === file));
}

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * Errors and warnings with where they are (file, line, column) and what (code, message), narrowed
 * by severity and file (and searched by the table's own box), with every problem as a CSV.
 */
export function ImportProblems({ report }: { readonly report: ImportReport }) {
  const id = useId();
  const [severity, setSeverity] = useState<Severity | ''>('');
  const [file, setFile] = useState('');
  const rows = useMemo(() => problemRows(report), [report]);
  const files = useMemo(() => [...new Set(rows.map((row) => row.file))].sort(), [rows]);
  const shown = useMemo(() => filterProblems(rows, severity, file), [rows, severity, file]);
  const hasMore = report.moreErrors > 0 || report.moreWarnings > 0;
  const errorCount = report.errors.length + report.moreErrors;
  const warningCount = report.warnings.length + report.moreWarnings;

  return (
    <section className="admin-imports__problems" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Errors and warnings</h3>
      <p>
        {`${plural(errorCount, 'error', 'errors')} and ${plural(warningCount, 'warning', 'warnings')}. `}
        {errorCount > 0 ? 'Nothing can be applied while any error stands: correct the files and upload the bundle again.' : null}
      </p>
      {hasMore && (
        <p>
          {[
            report.moreErrors > 0 ? `and ${plural(report.moreErrors, 'more error', 'more errors')}` : '',
            report.moreWarnings > 0 ? `and ${plural(report.moreWarnings, 'more warning', 'more warnings')}` : '',
          ].filter(Boolean).join(', ')}
          {' not listed here: the CSV has every one.'}
        </p>
      )}
      <p>
        <a href={buildUrl(importProblemsCsvRoute.path, { rowId: report.rowId })} download>
          Download as CSV
        </a>
      </p>
      <div className="admin-imports__filters">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-severity`}>
            Show
          </label>
          <select id={`${id}-severity`} className="form-field__input" value={severity} onChange={(event) => setSeverity(event.target.value === 'error' || event.target.value === 'warning' ? event.target.value : '')}>
            <option value="">Errors and warnings</option>
            <option value="error">Errors only</option>
            <option value="warning">Warnings only</option>
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-file`}>
            In file
          </label>
          <select id={`${id}-file`} className="form-field__input" value={file} onChange={(event) => setFile(event.target.value)}>
            <option value="">All files</option>
            {files.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.length > 0 ? (
        <AdminTable caption="Problems" rows={shown} columns={columns} rowKey={(row) => row.index} exportName={`import-${report.rowId}-problems`} />
      ) : (
        <p className="muted">No problem is of that kind in that file.</p>
      )}
    </section>
  );
}
