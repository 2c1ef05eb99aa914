import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError';
import { getActiveUser, subscribeActiveUser } from '../db/activeUser';
import { registerSignOutCleanup } from '../state/signOutCleanup';

/**
 * Server state for the screens that are online only by design (admin, staff, a lecturer's
 * register, who viewed an account, the support dialog's checks), and for the welcome-week link,
 * which SPEC §7 keeps in local storage rather than the device database: TanStack Query with the app's API client (`callApi`) as the
 * fetcher, so loading, errors, aborts, dedup, polling and invalidation after writes are done once,
 * here. A failed query's `error` is the client's `ApiError` (typed `code`), shown by the screens
 * with `describeError` as before. Student data that works offline never comes through here: it is
 * Dexie's (src/app/sync).
 *
 * Loaded only by the lazy chunks that use it (ServerStateProvider.tsx), never by the first paint
 * of a student route (`npm run test:budget`).
 */

/** One more try for a failure that may pass (no answer, or a 5xx); a 4xx refusal never. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && (error.isNetworkError || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The screens say themselves that they are offline (the admin area's notice, each page's
        // error line): a query fails as the hand-written fetches did instead of waiting, paused.
        networkMode: 'always',
        retry: shouldRetry,
        retryDelay: 500,
        // A reviewer's half-made decision must not be reset under them by a refetch on focus.
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

/** The app's one client. Its cache is per user: emptied at sign-out and whenever the user changes. */
export const queryClient = createQueryClient();

let cachedFor = getActiveUser()?.userId;
subscribeActiveUser(() => {
  const userId = getActiveUser()?.userId;
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.clear();
});
registerSignOutCleanup(() => queryClient.clear());
