import type { AnalyticsConfig } from '../../../../shared/contract/analytics';
import type { UserAnalytics } from '../../../../shared/contract/user';
import { addAnalyticsScript } from '../dataLayer';
import type { AnalyticsAdapter } from './adapter';

type UmamiConfig = Extract<AnalyticsConfig, { provider: 'umami' }>;

interface UmamiTracker {
  identify(data: Record<string, unknown>): void;
}

declare global {
  interface Window {
    umami?: UmamiTracker;
  }
}

/** Umami: cookieless; its tracker takes session data once its script has run. */
export function umamiAdapter(config: UmamiConfig): AnalyticsAdapter {
  const identify = (data: UserAnalytics) => window.umami?.identify({ ...data });
  return {
    start(data) {
      const script = addAnalyticsScript(config.scriptUrl, { 'data-website-id': config.websiteId });
      script.addEventListener('load', () => identify(data));
    },
  };
}
