import type { RouteName } from '../../routing/paths';
import { ErrorPage } from './ErrorPage';

/** Shown when a signed-in user lacks the role a route needs (SPEC §2, texts verbatim). */
export function UnauthorizedPage({ backTo }: { readonly backTo?: RouteName }) {
  return (
    <ErrorPage title="Unauthorized" heading="401 - Unauthorized" backTo={backTo}>
      <p>Wait a minute, wisdom seeker! This path is not in your journey.</p>
      <p>
        You don&apos;t have permission to access this page. Let&apos;s flip back to your destined chapters.
      </p>
    </ErrorPage>
  );
}
