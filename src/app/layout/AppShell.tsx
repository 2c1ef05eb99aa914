import { useMemo } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useCurrentRoute } from '../routing/handle';
import { allMenuEntries, capabilitiesOf, visibleMenuEntries } from '../routing/menu';
import { withCurrentPageLabel } from '../routing/menuLabel';
import { useSignedInUser } from '../features/session/useSignedInUser';
import { DocumentTitle } from '../ui/DocumentTitle';
import { SkipLink } from '../ui/SkipLink';
import { AppHeader } from './AppHeader';
import { MainMenu } from './MainMenu';
import { usePageTransition } from './usePageTransition';

/** The frame of every signed-in page: header, menu (side on wide screens, bottom bar on phones), page. */
export function AppShell() {
  const user = useSignedInUser();
  const current = useCurrentRoute();
  const { pathname } = useLocation();
  const isLoading = useNavigation().state === 'loading';
  const isAbsenceReviewer = user.isAbsenceReviewer;
  const isStudentSupport = user.isStudentSupport;
  const entries = useMemo(
    () => visibleMenuEntries(allMenuEntries(), user.userRoles, capabilitiesOf({ isAbsenceReviewer, isStudentSupport })),
    [user.userRoles, isAbsenceReviewer, isStudentSupport],
  );
  const labelledEntries = withCurrentPageLabel(entries, current);
  const { mainRef, pageRef } = usePageTransition(pathname, current?.section?.order);

  return (
    <div className="shell">
      <DocumentTitle label={current?.title} />
      <SkipLink />
      <AppHeader user={user} />
      <MainMenu entries={labelledEntries} />
      <main ref={mainRef} id="main" className="shell__main" tabIndex={-1}>
        <div ref={pageRef} className="page-transition">
          <Outlet />
        </div>
      </main>
      {isLoading && <div className="route-progress" aria-hidden="true" />}
    </div>
  );
}
