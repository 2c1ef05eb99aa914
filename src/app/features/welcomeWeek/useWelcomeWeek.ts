import { useEffect, useState } from 'react';
import { welcomeWeekRoute } from '../../../shared/contract/content';
import { isApiError } from '../../api/ApiError';
import { callApi } from '../../api/client';
import { showErrorToast } from '../../api/errorHandler';
import { isWelcomeWeekFresh, readWelcomeWeek, writeWelcomeWeek } from './welcomeWeekCache';

/**
 * The welcome-week url: the cached one at once, refreshed from the server when older than 120
 * minutes. Offline, the cached one stays; an HTTP failure shows the SPEC §8 notice.
 */
export function useWelcomeWeek(): string | undefined {
  const [url, setUrl] = useState(() => readWelcomeWeek(localStorage)?.url);
  useEffect(() => {
    if (isWelcomeWeekFresh(readWelcomeWeek(localStorage), Date.now())) return;
    const controller = new AbortController();
    callApi(welcomeWeekRoute, { signal: controller.signal })
      .then((answer) => setUrl(writeWelcomeWeek(localStorage, answer.url, Date.now())?.url))
      .catch((error: unknown) => {
        if (isApiError(error) && error.isNetworkError) return;
        showErrorToast(error, { getting: 'welcome week timetable' });
      });
    return () => controller.abort();
  }, []);
  return url;
}
