import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminClass } from '../../../../shared/contract/adminClasses';
import { toErrorDetails } from '../../../api/errorHandler';
import { formatDate } from '../../../format/dateTime';
import { DateField } from '../../../ui/dateField/DateField';
import { MoveOrCancelClass } from '../../staffRegister/ClassChanges';
import { PageFrame } from '../form/PageFrame';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { useAdminClasses, useReloadAdminClasses, type ClassFilters } from './classes.queries';
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
  const [filters, setFilters] = useState<ClassFilters>({ from: '', to: '', q: '' });
  const list = useAdminClasses(filters);
  const reloadClasses = useReloadAdminClasses();
  const [selected, setSelected] = useState<AdminClass | undefined>();
  const changesRef = useRef<HTMLDivElement>(null);
  const classes = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.total;
  const failure = list.error ? toErrorDetails(list.error) : undefined;
  const error = failure?.message;
  const fieldErrors = failure?.errors ?? {};

  useEffect(() => {
    if (selected) changesRef.current?.querySelector('h2')?.focus();
  }, [selected]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSelected(undefined);
    const applied = { from, to, q: q.trim() };
    // The same filters again read the list again, as a new search would.
    if (applied.from === filters.from && applied.to === filters.to && applied.q === filters.q) void list.refetch();
    else setFilters(applied);
  };

  /** After a move or cancellation: the list again (every page shown so far), the form closed. */
  const reload = async () => {
    setSelected(undefined);
    await reloadClasses();
  };

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
        {list.hasNextPage && (
          <button type="button" className="button" disabled={!isOnline} onClick={() => void list.fetchNextPage()}>
            Load more classes
          </button>
        )}
      </div>
    </PageFrame>
  );
}
