import { Link, Outlet } from 'react-router';
import { useSignedInUser } from '../session/useSignedInUser';
import { paths, serverPages } from '../routing/paths';
import { BrandMark } from '../ui/BrandMark';
import { SkipLink } from '../ui/SkipLink';

/** The frame of every signed-in page: header with the app name and sign-out, then the page. */
export function AppShell() {
  const user = useSignedInUser();
  return (
    <div className="app-shell">
      <SkipLink />
      <header className="app-header">
        <Link to={paths.home} className="brand">
          <BrandMark size={32} />
          <span className="brand__name">Campus Companion</span>
        </Link>
        <div className="app-header__user">
          <span className="app-header__name">{user.userDisplayName}</span>
          {/* A full page load: the server ends the session and redirects to /landing. */}
          <a className="button button--ghost" href={serverPages.signOut}>
            Sign out
          </a>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
