import { Link, NavLink } from 'react-router';
import type { SignedInUserInfo } from '../../shared/contract/user';
import { NotificationsLink } from '../features/notifications/NotificationsLink';
import { ServiceStatusIndicator } from '../features/serviceStatus/ServiceStatusIndicator';
import { paths, serverPages } from '../routing/paths';
import { requestSignOut } from '../features/session/signOut';
import { BrandMark } from '../ui/BrandMark';
import { Icon } from '../ui/icons/Icon';
import { ConnectivityIndicator } from './ConnectivityIndicator';

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => word?.[0] ?? '').join('').toUpperCase();
}

/** App name, then the connectivity signal (offline or server unreachable), the service status, notifications (with the unread count), settings (wide screens; phones have it in the bottom bar), profile and sign-out. */
export function AppHeader({ user }: { readonly user: SignedInUserInfo }) {
  return (
    <header className="shell__header">
      <Link to={paths.home} className="brand">
        <BrandMark size={32} />
        <span className="brand__name">Campus Companion</span>
      </Link>
      <div className="header-actions">
        <ConnectivityIndicator />
        <ServiceStatusIndicator />
        <NotificationsLink />
        {/* An icon alone: its name is the tooltip's text, which shows on hover and keyboard focus. */}
        <NavLink
          to={paths.settings}
          className="header-action header-action--wide-only header-action--tooltip"
          data-tour-step="settings"
          aria-labelledby="header-settings-tooltip"
        >
          <Icon name="settings" size={22} />
          <span id="header-settings-tooltip" role="tooltip" className="header-tooltip">
            Settings
          </span>
        </NavLink>
        <NavLink to={paths.userProfile} className="header-action header-profile">
          <span className="avatar" aria-hidden="true">
            {initials(user.userDisplayName)}
          </span>
          <span className="visually-hidden">Profile: </span>
          <span className="header-action__label">{user.userDisplayName}</span>
        </NavLink>
        {/* The session controller shows 'Signing you out' and clears this device before leaving (SPEC §4). */}
        <a
          className="header-action"
          href={serverPages.signOut}
          onClick={(event) => {
            event.preventDefault();
            requestSignOut();
          }}
        >
          <Icon name="signOut" size={22} />
          <span className="header-action__label">Sign out</span>
        </a>
      </div>
    </header>
  );
}
