import { useId, useState, type FormEvent } from 'react';
import type { AuditEntry } from '../../../../shared/contract/adminAudit';
import { toErrorDetails } from '../../../api/errorHandler';
import { formatDate, formatTime24 } from '../../../format/dateTime';
import { PageFrame } from '../form/PageFrame';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { useAuditLog, type AuditFilters } from './audit.queries';
import { actionLabel, describeAuditEntry, recordName } from './auditText';
import { ViewAsSessions } from './ViewAsSessions';
import './auditLog.css';
import '../../../ui/field.css';

const json = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

function Change({ entry }: { entry: AuditEntry }) {
  if (entry.before === undefined && entry.after === undefined && !entry.context) return <span className="muted">–</span>;
  return (
    <details className="audit-log__change">
      <summary>Show</summary>
      {entry.before !== undefined && (
        <>
          <h3>Before</h3>
          <pre>{json(entry.before)}</pre>
        </>
      )}
      {entry.after !== undefined && (
        <>
          <h3>After</h3>
          <pre>{json(entry.after)}</pre>
        </>
      )}
      {entry.context && (
        <>
          <h3>Context</h3>
          <pre>{json(entry.context)}</pre>
        </>
      )}
    </details>
  );
}

const columns: readonly AdminColumn<AuditEntry>[] = [
  { key: 'at', header: 'When', value: (e) => e.at, render: (e) => <time dateTime={e.at}>{`${formatDate(e.at)} ${formatTime24(e.at)}`}</time> },
  { key: 'actor', header: 'Who', value: (e) => (e.actorUserName ? `${e.actorDisplayName ?? ''} (${e.actorUserName})` : 'System') },
  {
    key: 'action',
    header: 'What',
    value: (e) => describeAuditEntry(e),
    // The key stays visible for operators (and the docs, and grep).
    render: (e) => (
      <>
        {describeAuditEntry(e)}
        <code className="audit-log__key">{e.action}</code>
      </>
    ),
  },
  {
    key: 'target',
    header: 'Record',
    value: (e) => recordName(e),
    render: (e) =>
      e.target ? (
        <>
          {recordName(e)}
          <code className="audit-log__key">{`${e.target.type} ${e.target.id}`}</code>
        </>
      ) : null,
  },
  {
    key: 'change',
    header: 'Before and after',
    value: (e) => JSON.stringify({ before: e.before, after: e.after, context: e.context }),
    render: (e) => <Change entry={e} />,
    isSortable: false,
  },
];

/** The "What" filter's choices: each action in words, alphabetically. */
function actionOptions(actions: readonly string[]): { value: string; label: string }[] {
  return actions.map((value) => ({ value, label: actionLabel(value) })).sort((a, b) => a.label.localeCompare(b.label, 'en-GB'));
}

/** /admin/audit: who changed what and when, with the record before and after, filtered on the server. */
export function AuditLogPage() {
  const id = useId();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [filters, setFilters] = useState<AuditFilters>({ actor: '', action: '' });
  const log = useAuditLog(filters);
  const page = log.data?.pages.at(-1);
  const entries = log.data?.pages.flatMap((loaded) => loaded.items) ?? [];
  const error = log.error ? toErrorDetails(log.error).message : undefined;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const applied = { actor: actor.trim(), action };
    // The same filters again read the log again, as a new search would.
    if (applied.actor === filters.actor && applied.action === filters.action) void log.refetch();
    else setFilters(applied);
  };

  return (
    <PageFrame intro="Every change made by staff and administrators: who, what, when, and the record before and after.">
    <div className="audit-log">
      <form className="audit-log__filters" onSubmit={apply} aria-label="Filter the audit log">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-actor`}>
            Who (user name or name)
          </label>
          <input id={`${id}-actor`} className="form-field__input" value={actor} onChange={(event) => setActor(event.target.value)} />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-action`}>
            What
          </label>
          <select id={`${id}-action`} className="form-field__input" value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">Any action</option>
            {actionOptions(page?.actions ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          Apply filters
        </button>
      </form>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <p className="muted" role="status">
        {page ? `${page.total} ${page.total === 1 ? 'entry' : 'entries'} match; ${entries.length} shown.` : 'Loading the audit log…'}
      </p>
      <AdminTable caption="Audit log" rows={entries} columns={columns} rowKey={(e) => e.rowId} exportName="audit-log" />
      {log.hasNextPage && (
        <button type="button" className="button" onClick={() => void log.fetchNextPage()}>
          Load older entries
        </button>
      )}
    </div>
    <ViewAsSessions />
    </PageFrame>
  );
}
