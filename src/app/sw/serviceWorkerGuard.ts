import type { LoaderFunctionArgs } from 'react-router';
import { cancelNavigationForUpdate } from './registerServiceWorker';

/**
 * The root route's loader, run on every navigation: when a new version is waiting, the navigation
 * never completes (the page reloads into its target on the new version instead).
 */
export function serviceWorkerGuard({ request }: LoaderFunctionArgs): Promise<null> | null {
  if (cancelNavigationForUpdate(request.url)) return new Promise<null>(() => {});
  return null;
}
