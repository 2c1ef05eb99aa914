import type { AnalyticsConfig } from '../../../../shared/contract/analytics';
import { addAnalyticsScript } from '../dataLayer';
import type { AnalyticsAdapter } from './adapter';

type PlausibleConfig = Extract<AnalyticsConfig, { provider: 'plausible' }>;

/** Plausible: cookieless page views; it keeps no user identity, so there is nothing to identify. */
export function plausibleAdapter(config: PlausibleConfig): AnalyticsAdapter {
  return {
    // Plausible records no per-user data by design; the data layer push is all there is.
    start() {
      addAnalyticsScript(config.scriptUrl, { 'data-domain': config.domain });
    },
  };
}
