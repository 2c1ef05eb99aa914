import { useEffect } from 'react';
import type { UserAnalytics } from '../../../shared/contract/user';
import { analyticsResource } from '../../startup/userResources';
import { useResource } from '../../sync/useResource';
import { startAnalytics } from './analytics';
import { useConsent } from './consentCookie';

/**
 * Starts analytics on page load (and right after a yes) once the user's analytics data is at hand,
 * only when this user said yes: another user's yes on this device does not count.
 */
export function useAnalytics(): void {
  const consent = useConsent();
  const { data } = useResource<UserAnalytics>(analyticsResource);
  useEffect(() => {
    if (consent === 'granted' && data) void startAnalytics(data);
  }, [consent, data]);
}
