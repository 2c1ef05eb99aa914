import { NavLink } from 'react-router';
import { paths } from '../../routing/paths';
import { Icon } from '../../ui/icons/Icon';
import { useResource } from '../../sync/useResource';
import { unreadCount } from './notificationList';
import { badgeText, unreadSuffix } from './notices';
import { notificationsResource } from './resources';
import { useNotificationUpdates } from './useNotificationUpdates';
import './notificationsLink.css';

/**
 * The header's bell (shown on phones and wide screens alike) with the unread count: named
 * 'Notifications, 3 unread', the badge capped at '99+' and gone at 0. Mounted once per signed-in
 * page, it also reloads the list when the service worker says a notification arrived.
 */
export function NotificationsLink() {
  const { data } = useResource(notificationsResource);
  useNotificationUpdates();
  const unread = unreadCount(data);
  const badge = badgeText(unread);
  return (
    <NavLink to={paths.userNotifications} className="header-action notifications-link">
      <Icon name="bell" size={22} />
      <span className="visually-hidden">Notifications{unreadSuffix(unread)}</span>
      {badge && (
        <span className="notifications-badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </NavLink>
  );
}
