import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { auditLogRoute, type AuditEntry, type AuditPage } from '../../../../shared/contract/adminAudit';
import { callApi } from '../../../api/client';
import { toErrorDetails } from '../../../api/errorHandler';
import { formatDate, formatTime24 } from '../../../format/dateTime';
import { PageFrame } from '../form/PageFrame';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { actionLabel, describeAuditEntry, recordName } from './auditText';
import { ViewAsSessions } from './ViewAsSessions';
import './auditLog.css';
import '../../../ui/field.css';

/** Entries fetched a time; older ones come with 'Load older entries'. */
const PAGE_SIZE = 100;

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
  const [filters, setFilters] = useState({ actor: '', action: '' });
  const [entries, setEntries] = useState<readonly AuditEntry[]>([]);
  const [page, setPage] = useState<AuditPage | undefined>();
  const [error, setError] = useState<string | undefined>();

  const fetchPage = useCallback(
    async (pageNumber: number) => {
      try {
        const result = await callApi(auditLogRoute, {
          query: { ...(filters.actor ? { actor: filters.actor } : {}), ...(filters.action ? { action: filters.action } : {}), page: String(pageNumber), pageSize: String(PAGE_SIZE) },
        });
        setPage(result);
        setEntries((current) => (pageNumber === 1 ? result.items : [...current, ...result.items]));
        setError(undefined);
      } catch (failure) {
        setError(toErrorDetails(failure).message);
      }
    },
    [filters],
  );
  useEffect(() => {
    const timer = setTimeout(() => void fetchPage(1), 0);
    return () => clearTimeout(timer);
  }, [fetchPage]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ actor: actor.trim(), action });
  };
  const hasMore = page !== undefined && entries.length < page.total;

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
      {hasMore && (
        <button type="button" className="button" onClick={() => void fetchPage((page?.page ?? 1) + 1)}>
          Load older entries
        </button>
      )}
    </div>
    <ViewAsSessions />
    </PageFrame>
  );
}
