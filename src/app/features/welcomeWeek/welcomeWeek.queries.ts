import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cacheMinutes } from '../../../shared/constants';
import { welcomeWeekRoute } from '../../../shared/contract/content';
import { isApiError } from '../../api/ApiError';
import { callApi } from '../../api/client';
import { showErrorToast } from '../../api/errorHandler';
import { isWelcomeWeekFresh, readWelcomeWeek, writeWelcomeWeek } from './welcomeWeekCache';

/**
 * The welcome-week url (SPEC §7): the one local storage keeps under `welcomeWeek` at once, asked
 * from the server when older than 120 minutes, and kept there again. Offline the cached one stays;
 * an HTTP failure shows the SPEC §8 notice. No url: nothing is cached or shown.
 */
export function useWelcomeWeek(): string | undefined {
  const query = useQuery({
    queryKey: ['welcomeWeek'],
    queryFn: async ({ signal }) => {
      const answer = await callApi(welcomeWeekRoute, { signal });
      return writeWelcomeWeek(localStorage, answer.url, Date.now())?.url ?? null;
    },
    // Both run only when the query is first made. The stamps are this device's clock, as TanStack's
    // own staleness is (not the server-adjusted one); a copy past its lifetime, or stamped ahead of
    // the clock, counts as never fetched.
    initialData: () => readWelcomeWeek(localStorage)?.url,
    initialDataUpdatedAt: () => {
      const cached = readWelcomeWeek(localStorage);
      return cached && isWelcomeWeekFresh(cached, Date.now()) ? cached.fetchedAt : 0;
    },
    staleTime: cacheMinutes.welcomeWeek * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (query.error && !(isApiError(query.error) && query.error.isNetworkError)) showErrorToast(query.error, { getting: 'welcome week timetable' });
  }, [query.error]);
  return query.data ?? undefined;
}
