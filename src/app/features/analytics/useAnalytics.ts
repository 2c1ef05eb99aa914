import { useEffect } from 'react';
import type { UserAnalytics } from '../../../shared/contract/user';
import { analyticsResource } from '../../startup/userResources';
import { useResource } from '../../sync/useResource';
import { useStore } from '../../state/useStore';
import { startAnalytics } from './analytics';
import { consentStore } from './consentCookie';

/** Starts analytics on page load (and right after a yes) once the user's analytics data is at hand. */
export function useAnalytics(): void {
  const consent = useStore(consentStore);
  const { data } = useResource<UserAnalytics>(analyticsResource);
  useEffect(() => {
    if (consent === 'granted' && data) void startAnalytics(data);
  }, [consent, data]);
}
