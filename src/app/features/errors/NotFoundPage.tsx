import type { RouteName } from '../../routing/paths';
import { ErrorPage } from './ErrorPage';

/** Any unmatched path (SPEC §2, texts verbatim). */
export function NotFoundPage({ backTo }: { readonly backTo?: RouteName }) {
  return (
    <ErrorPage title="Not Found" heading="404 - Not Found" backTo={backTo}>
      <p>Oh no, Scholar! This page has graduated and left the campus.</p>
      <p>Let&apos;s navigate you back to your journey! After all, learning never pauses, let&apos;s press play!</p>
    </ErrorPage>
  );
}
