import { Link } from 'react-router';
import type { Notification } from '../../../shared/contract/notifications';
import { notificationTarget } from './notificationTarget';

/**
 * 'Open' when the notification points somewhere: a page of the app (client-side) or an http(s)
 * page elsewhere (a new tab). Opening marks it read; `onOpen` does that.
 */
export function NotificationOpenLink({ notification, onOpen }: { readonly notification: Notification; readonly onOpen: () => void }) {
  const target = notificationTarget(notification.url, window.location.origin);
  if (!target) return null;
  // The visible word first, then which notification: 'Open: Library opening hours'.
  const name = `Open: ${notification.title}`;
  if (target.kind === 'internal') {
    return (
      <Link to={target.path} className="button button--primary" aria-label={name} onClick={onOpen}>
        Open
      </Link>
    );
  }
  return (
    <a
      href={target.href}
      className="button button--primary"
      aria-label={`${name} (opens in a new tab)`}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onOpen}
      onAuxClick={(event) => event.button === 1 && onOpen()}
    >
      Open
    </a>
  );
}
