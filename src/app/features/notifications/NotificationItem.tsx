import { useId, useRef } from 'react';
import type { Notification } from '../../../shared/contract/notifications';
import { NotificationOpenLink } from './NotificationOpenLink';
import { pendingText } from './notices';
import { sentTime } from './sentTime';

export interface NotificationItemProps {
  readonly notification: Notification;
  readonly isPending: boolean;
  /** Epoch ms, for the relative time. */
  readonly now: number;
  readonly onMarkAsRead: (notification: Notification) => void;
}

/**
 * One notification: its title (a heading), read state in words as well as by style, type, time
 * sent (relative within a week, the exact 'DD/MM/YYYY HH:mm' always in <time> and for screen
 * readers), body, 'Open' and 'Mark as read'.
 */
export function NotificationItem({ notification, isPending, now, onMarkAsRead }: NotificationItemProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { isRead } = notification;
  const time = sentTime(notification.dateSent, now);
  const markAsRead = () => {
    // The button goes away once it is read: keep the keyboard on this notification.
    titleRef.current?.focus();
    onMarkAsRead(notification);
  };
  return (
    <li className={isRead ? 'notification' : 'notification notification--unread'}>
      <article aria-labelledby={titleId} className="notification__content">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="notification__title">
          {notification.title}
        </h2>
        <p className="notification__meta">
          <span className={isRead ? 'notification__state' : 'notification__state notification__state--unread'}>{isRead ? 'Read' : 'Unread'}</span>
          <span className="notification__type">{notification.notificationType}</span>
          <span>
            Sent{' '}
            <time dateTime={notification.dateSent} title={time.exact}>
              {time.friendly}
              {time.friendly !== time.exact && <span className="visually-hidden"> ({time.exact})</span>}
            </time>
          </span>
        </p>
        <p className="notification__body">{notification.body}</p>
        <div className="notification__actions">
          <NotificationOpenLink notification={notification} onOpen={() => !isRead && onMarkAsRead(notification)} />
          {!isRead && (
            <button type="button" className="button" aria-label={`Mark as read: ${notification.title}`} onClick={markAsRead}>
              Mark as read
            </button>
          )}
          {isPending && <span className="notification__pending">{pendingText}</span>}
        </div>
      </article>
    </li>
  );
}
