import { useRef, useState } from 'react';
import type { Notification } from '../../../shared/contract/notifications';
import { showErrorToast } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { ensureFresh } from '../../sync/ensureFresh';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { rowsPerPageOptions } from '../../ui/table/pagination';
import { Pager } from '../../ui/table/Pager';
import { usePagination } from '../../ui/table/usePagination';
import { markAll, markOne } from './markActions';
import { emptyText, unreadSummary } from './notices';
import { NotificationItem } from './NotificationItem';
import { notificationsResource } from './resources';
import { useNotifications } from './useNotifications';
import { useNow } from './useNow';
import { usePendingMarks } from './usePendingMarks';
import './notifications.css';

const smallestPage = Math.min(...rowsPerPageOptions.filter((option) => option > 0));

function refresh(): void {
  ensureFresh(notificationsResource, { force: true }).catch((error: unknown) => showErrorToast(error, { getting: 'Notifications' }));
}

/**
 * /user/notifications: the list, newest first and paged (a year of notifications stays quick),
 * with 'Mark as read' per unread one and 'Mark all as read'. Marks apply at once and wait in the
 * offline queue until the server has them; one kept on this device is told as the favourites' are
 * (markActions.ts), with 'Marked as read, waiting to sync' beside it, never as a network error.
 */
export function NotificationsPage() {
  const current = useCurrentRoute();
  const { items, unread, hasData, isLoading, error } = useNotifications();
  const pending = usePendingMarks();
  const pagination = usePagination(items);
  const now = useNow(60_000);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);

  const markAsRead = (notification: Notification) => {
    // Kept on this device, the notice says so; sent, this tells screen readers.
    void markOne(notification).then((delivery) => delivery === 'sent' && setAnnouncement(`${notification.title}: marked as read.`));
  };
  const markAllAsRead = () => {
    if (unread === 0) return;
    // The button goes once nothing is unread: focus moves to the list it acted on.
    listRef.current?.focus();
    void markAll(items).then((delivery) => delivery === 'sent' && setAnnouncement('All notifications marked as read.'));
  };

  return (
    <div className="page notifications">
      <header className="page__intro notifications__intro">
        <div>
          <h1>{current?.title ?? 'Notifications'}</h1>
          <p>{unreadSummary(unread, items.length)}</p>
        </div>
        <div className="notifications__freshness">
          <UpdatedAt resourceKey={notificationsResource.key} />
          <button type="button" className="button button--ghost" onClick={refresh}>
            Refresh
          </button>
        </div>
      </header>

      <p role="status" className="visually-hidden">
        {announcement}
      </p>

      {items.length > 0 ? (
        <>
          {/* Only while something is unread; the list then moves up, leaving no gap. */}
          {unread > 0 && (
            <div className="notifications__toolbar">
              <button type="button" className="button" onClick={markAllAsRead}>
                Mark all as read
              </button>
            </div>
          )}
          <ul ref={listRef} tabIndex={-1} className="notification-list" aria-label="Your notifications">
            {pagination.rows.map((notification) => (
              <NotificationItem
                key={notification.rowId}
                notification={notification}
                isPending={pending.has(notification.rowId)}
                now={now}
                onMarkAsRead={markAsRead}
              />
            ))}
          </ul>
          {items.length > smallestPage && <Pager pagination={pagination} label="Notifications" />}
        </>
      ) : hasData ? (
        <p className="card notifications__empty">{emptyText}</p>
      ) : isLoading ? (
        <p role="status">Loading your notifications…</p>
      ) : (
        <p className="callout card callout--negative">
          {error ? `Your notifications could not be loaded. ${error.message}` : 'Your notifications are not available yet.'}
        </p>
      )}
    </div>
  );
}
