import type { FeedbackEntry } from '../../../../shared/contract/adminFeedback';
import { countOf, formatCount } from '../../../format/count';
import { formatDate, formatTime24 } from '../../../format/dateTime';
import { ErrorBox } from '../form/FormParts';
import { PageFrame } from '../form/PageFrame';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { useAdminFeedback } from './feedback.queries';

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
  const feedback = useAdminFeedback();
  const items = feedback.data?.pages.flatMap((page) => page.items) ?? [];
  const list = feedback.data?.pages.at(-1);
  const error = feedback.error;
  const rating = averageRating(items);
  return (
    <PageFrame intro="What users told us from the feedback card and Settings › Feedback: a rating from 1 to 5, a topic and a comment, newest first.">
      <p className="muted" role="status">
        {list === undefined
          ? 'Loading feedback…'
          : `${countOf(list.total, 'entry', 'entries')} in all; ${formatCount(items.length)} shown.${rating ? ` Average rating ${rating.average} of 5, from ${countOf(rating.count, 'rating', 'ratings')}.` : ''}`}
      </p>
      <ErrorBox error={error} title="Feedback could not be loaded" />
      {list && <AdminTable caption="Feedback" rows={items} columns={columns} rowKey={(f) => f.rowId} exportName="feedback" />}
      {feedback.hasNextPage && (
        <div>
          <button type="button" className="button" disabled={!isOnline} onClick={() => void feedback.fetchNextPage()}>
            Load older feedback
          </button>
        </div>
      )}
    </PageFrame>
  );
}
