import { useCallback, useEffect, useState } from 'react';
import { adminFeedbackRoute, type FeedbackEntry, type FeedbackList } from '../../../../shared/contract/adminFeedback';
import { callApi } from '../../../api/client';
import { countOf, formatCount } from '../../../format/count';
import { formatDate, formatTime24 } from '../../../format/dateTime';
import { ErrorBox } from '../form/FormParts';
import { PageFrame } from '../form/PageFrame';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';

/** Entries fetched a time (the route allows up to 5,000). */
const PAGE_SIZE = 1000;

const columns: readonly AdminColumn<FeedbackEntry>[] = [
  {
    key: 'createdAt',
    header: 'When',
    value: (f) => f.createdAt,
    render: (f) => <time dateTime={f.createdAt}>{`${formatDate(f.createdAt)} ${formatTime24(f.createdAt)}`}</time>,
  },
  { key: 'rating', header: 'Rating', value: (f) => f.rating, render: (f) => (f.rating === null ? '–' : `${f.rating} of 5`) },
  { key: 'category', header: 'Topic', value: (f) => f.category },
  { key: 'comments', header: 'Comment', value: (f) => f.comments, isSortable: false },
  { key: 'appVersion', header: 'App version', value: (f) => f.appVersion },
  // Who sent it is shown, but left out of exports unless ticked: a report rarely needs names.
  {
    key: 'sender',
    header: 'Sender',
    value: (f) => (f.userName ? `${f.userDisplayName ?? ''} (${f.userName})` : 'Deleted account'),
    isExportedByDefault: false,
  },
];

/** The average of the ratings given, to one decimal; undefined with none. */
export function averageRating(items: readonly Pick<FeedbackEntry, 'rating'>[]): { average: number; count: number } | undefined {
  const ratings = items.flatMap((f) => (f.rating === null ? [] : [f.rating]));
  if (ratings.length === 0) return undefined;
  return { average: Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10, count: ratings.length };
}

/**
 * /admin/feedback: every user's feedback (`GET /api/admin/feedback`), newest first, searchable and
 * exported as CSV or JSON through the admin table (formula-safe; the sender only when ticked).
 */
export function FeedbackPage() {
  const isOnline = useOnline();
  const [items, setItems] = useState<readonly FeedbackEntry[]>([]);
  const [list, setList] = useState<FeedbackList>();
  const [error, setError] = useState<unknown>();
  const fetchFrom = useCallback(async (offset: number) => {
    try {
      const answer = await callApi(adminFeedbackRoute, { query: { limit: String(PAGE_SIZE), offset: String(offset) } });
      setList(answer);
      setItems((current) => (offset === 0 ? answer.items : [...current, ...answer.items]));
      setError(undefined);
    } catch (caught) {
      setError(caught);
    }
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void fetchFrom(0), 0);
    return () => clearTimeout(timer);
  }, [fetchFrom]);
  const rating = averageRating(items);
  const hasMore = list !== undefined && items.length < list.total;
  return (
    <PageFrame intro="What users told us from the feedback card and Settings › Feedback: a rating from 1 to 5, a topic and a comment, newest first.">
      <p className="muted" role="status">
        {list === undefined
          ? 'Loading feedback…'
          : `${countOf(list.total, 'entry', 'entries')} in all; ${formatCount(items.length)} shown.${rating ? ` Average rating ${rating.average} of 5, from ${countOf(rating.count, 'rating', 'ratings')}.` : ''}`}
      </p>
      <ErrorBox error={error} title="Feedback could not be loaded" />
      {list && <AdminTable caption="Feedback" rows={items} columns={columns} rowKey={(f) => f.rowId} exportName="feedback" />}
      {hasMore && (
        <div>
          <button type="button" className="button" disabled={!isOnline} onClick={() => void fetchFrom(items.length)}>
            Load older feedback
          </button>
        </div>
      )}
    </PageFrame>
  );
}
