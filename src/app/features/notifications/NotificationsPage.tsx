import { useRef, useState, useSyncExternalStore } from 'react';
import type { Notification } from '../../../shared/contract/notifications';
import { showErrorToast } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { isServerReachable, subscribeServerReachable } from '../../sync/connectivity';
import { ensureFresh } from '../../sync/ensureFresh';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { rowsPerPageOptions } from '../../ui/table/pagination';
import { Pager } from '../../ui/table/Pager';
import { usePagination } from '../../ui/table/usePagination';
import { markAll, markOne } from './markActions';
import { emptyText, markAsReadNetworkError, queuedNote, unreadSummary } from './notices';
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
 * offline queue until the server has them.
 */
export function NotificationsPage() {
  const current = useCurrentRoute();
  const { items, unread, hasData, isLoading, error } = useNotifications();
  const pending = usePendingMarks();
  const pagination = usePagination(items);
  const now = useNow(60_000);
  const isReachable = useSyncExternalStore(subscribeServerReachable, isServerReachable, isServerReachable);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);

  const markAsRead = (notification: Notification) => {
    void markOne(notification).then((isQueued) => isQueued && setAnnouncement(`${notification.title}: marked as read.`));
  };
  const markAllAsRead = () => {
    if (unread === 0) return;
    // The button goes once nothing is unread: focus moves to the list it acted on.
    listRef.current?.focus();
    void markAll(items).then((isQueued) => isQueued && setAnnouncement('All notifications marked as read.'));
  };
  const isWaitingForNetwork = pending.size > 0 && !isReachable;

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

      {/* Always in the page, so screen readers announce the notice when it appears. */}
      <div role="status">
        {isWaitingForNetwork && <p className="callout card notifications__offline">{`${markAsReadNetworkError} ${queuedNote}`}</p>}
      </div>
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
