import type { AnalyticsConfig } from '../../../../shared/contract/analytics';
import { addAnalyticsScript } from '../dataLayer';
import type { AnalyticsAdapter } from './adapter';

type MatomoConfig = Extract<AnalyticsConfig, { provider: 'matomo' }>;

declare global {
  interface Window {
    _paq?: unknown[][];
  }
}

/** Matomo: commands queue in `_paq` until matomo.js runs them. */
export function matomoAdapter(config: MatomoConfig): AnalyticsAdapter {
  const queue = (): unknown[][] => (window._paq ??= []);
  return {
    start(data) {
      queue().push(
        ['setTrackerUrl', `${config.baseUrl}matomo.php`],
        ['setSiteId', config.siteId],
        // The pseudonymous uuid, never a name or email address.
        ['setUserId', data.uuid],
        ['trackPageView'],
        ['enableLinkTracking'],
      );
      addAnalyticsScript(`${config.baseUrl}matomo.js`);
    },
  };
}
