import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { adminClassListRoute, maxAdminClassPageSize, type AdminClass } from '../../../../shared/contract/adminClasses';
import { callApi } from '../../../api/client';
import { toErrorDetails } from '../../../api/errorHandler';
import { formatDate } from '../../../format/dateTime';
import { DateField } from '../../../ui/dateField/DateField';
import { MoveOrCancelClass } from '../../staffRegister/ClassChanges';
import { PageFrame } from '../form/PageFrame';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import './classes.css';
import '../../../ui/field.css';

/** The class's London wall-clock date and time, read off what the server sends, shown as the app shows dates: 'DD/MM/YYYY HH:mm'. */
const wallClock = (iso: string): string => `${formatDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;

const columns: readonly AdminColumn<AdminClass>[] = [
  { key: 'start', header: 'Starts', value: (c) => c.start, render: (c) => <time dateTime={c.start}>{wallClock(c.start)}</time> },
  { key: 'end', header: 'Ends', value: (c) => c.end, render: (c) => <time dateTime={c.end}>{c.end.slice(11, 16)}</time> },
  { key: 'moduleCode', header: 'Module', value: (c) => c.moduleCode },
  { key: 'moduleTitle', header: 'Title', value: (c) => c.moduleTitle },
  { key: 'room', header: 'Room', value: (c) => c.room ?? 'Online' },
  { key: 'lecturers', header: 'Lecturers', value: (c) => c.lecturers },
  { key: 'status', header: 'Status', value: (c) => (c.isCancelled ? 'Cancelled' : 'On') },
];

interface Filters {
  readonly from: string;
  readonly to: string;
  readonly q: string;
}

/**
 * /admin/classes: every timetabled class in a date range, filtered on the server by module, with
 * the lecturers' Move and Cancel (from the register page) for any class.
 */
export function ClassesPage() {
  const id = useId();
  const isOnline = useOnline();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<Filters>({ from: '', to: '', q: '' });
  const [classes, setClasses] = useState<readonly AdminClass[]>([]);
  const [total, setTotal] = useState<number | undefined>();
  const [pagesLoaded, setPagesLoaded] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [selected, setSelected] = useState<AdminClass | undefined>();
  const changesRef = useRef<HTMLDivElement>(null);

  const fetchPages = useCallback(
    async (firstPage: number, lastPage: number) => {
      try {
        const found: AdminClass[] = [];
        let count = 0;
        for (let page = firstPage; page <= lastPage; page += 1) {
          const result = await callApi(adminClassListRoute, {
            query: {
              ...(filters.from ? { from: filters.from } : {}),
              ...(filters.to ? { to: filters.to } : {}),
              ...(filters.q ? { q: filters.q } : {}),
              page: String(page),
              pageSize: String(maxAdminClassPageSize),
            },
          });
          found.push(...result.items);
          count = result.total;
        }
        setClasses((current) => (firstPage === 1 ? found : [...current, ...found]));
        setTotal(count);
        setPagesLoaded(lastPage);
        setError(undefined);
        setFieldErrors({});
      } catch (failure) {
        const details = toErrorDetails(failure);
        setError(details.message);
        setFieldErrors(details.errors ?? {});
      }
    },
    [filters],
  );
  useEffect(() => {
    const timer = setTimeout(() => void fetchPages(1, 1), 0);
    return () => clearTimeout(timer);
  }, [fetchPages]);

  useEffect(() => {
    if (selected) changesRef.current?.querySelector('h2')?.focus();
  }, [selected]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSelected(undefined);
    setFilters({ from, to, q: q.trim() });
  };

  /** After a move or cancellation: the list again (every page shown so far), the form closed. */
  const reload = async () => {
    setSelected(undefined);
    await fetchPages(1, Math.max(pagesLoaded, 1));
  };

  const hasMore = total !== undefined && classes.length < total;
  const dateError = (field: 'from' | 'to') => (fieldErrors[field] ?? []).join(' ');

  return (
    <PageFrame intro="Every timetabled class. Move or cancel any of them; its students and staff are told.">
      <div className="admin-classes">
        <form className="admin-classes__filters" onSubmit={apply} aria-label="Filter the classes">
          <DateField label="From (default today)" value={from || null} onChange={(value) => setFrom(value ?? '')} errorMessage={dateError('from') || undefined} />
          <DateField label="To (default 14 days on)" value={to || null} onChange={(value) => setTo(value ?? '')} errorMessage={dateError('to') || undefined} />
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-q`}>
              Module code or title
            </label>
            <input id={`${id}-q`} className="form-field__input" value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
          </div>
          <button type="submit" className="button button--primary" disabled={!isOnline}>
            Apply filters
          </button>
        </form>
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <p className="muted" role="status">
          {total === undefined ? 'Loading classes…' : `${total} ${total === 1 ? 'class' : 'classes'} match; ${classes.length} shown.`}
        </p>
        {selected && (
          <div ref={changesRef} className="admin-classes__changes">
            <MoveOrCancelClass
              key={selected.rowId}
              target={{ rowId: selected.rowId, startTime: selected.start, roomId: selected.roomId, roomName: selected.room }}
              heading={`Move or cancel ${selected.moduleCode} on ${wallClock(selected.start)}`}
              onChanged={reload}
            />
            <button type="button" className="button" onClick={() => setSelected(undefined)}>
              Close
            </button>
          </div>
        )}
        <AdminTable
          caption="Classes"
          rows={classes}
          columns={columns}
          rowKey={(c) => c.rowId}
          exportName="classes"
          actions={(c) =>
            c.isCancelled ? null : (
              <button
                type="button"
                className="button"
                disabled={!isOnline}
                aria-label={`Move or cancel ${c.moduleCode} on ${wallClock(c.start)}`}
                onClick={() => setSelected(c)}
              >
                Move or cancel
              </button>
            )
          }
        />
        {hasMore && (
          <button type="button" className="button" disabled={!isOnline} onClick={() => void fetchPages(pagesLoaded + 1, pagesLoaded + 1)}>
            Load more classes
          </button>
        )}
      </div>
    </PageFrame>
  );
}
