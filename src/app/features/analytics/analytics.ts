import { analyticsConfigRoute } from '../../../shared/contract/analytics';
import type { UserAnalytics } from '../../../shared/contract/user';
import { callApi } from '../../api/client';
import { removeAnalyticsCookies } from './analyticsCookies';
import { writeConsent } from './consentCookie';
import { pushUserData, removeAnalyticsScripts } from './dataLayer';

let startedFor: string | undefined;

/**
 * With consent granted, once per page load (SPEC §3, §4): load the configured provider through its
 * adapter, then push the user's analytics data to the data layer. Offline, or when the provider's
 * settings cannot be read, the data layer still gets the data and nothing else loads.
 */
export async function startAnalytics(data: UserAnalytics): Promise<void> {
  if (startedFor === data.uuid) return;
  startedFor = data.uuid;
  try {
    const config = await callApi(analyticsConfigRoute);
    const { loadAnalyticsAdapter } = await import('./adapters/adapter');
    const adapter = await loadAnalyticsAdapter(config);
    adapter?.start(data);
    pushUserData(data);
  } catch (error) {
    console.warn('Analytics could not start', error);
    pushUserData(data);
  }
}

export function grantConsent(): void {
  writeConsent('granted');
}

/**
 * SPEC §4 denied: take out the provider's scripts and every analytics cookie (on every domain
 * variant), store denied, and reload so that nothing the scripts started keeps running.
 */
export function denyConsent({ reload = () => location.reload() }: { readonly reload?: () => void } = {}): void {
  removeAnalyticsScripts();
  removeAnalyticsCookies(document, location);
  writeConsent('denied');
  reload();
}
