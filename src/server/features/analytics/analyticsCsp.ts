import type { AnalyticsConfig } from '../../../shared/contract/analytics.js';

/** What the CSP must add for one analytics provider: where its script comes from and where it reports. */
export interface AnalyticsOrigins {
  readonly script: readonly string[];
  readonly connect: readonly string[];
}

/**
 * Google's documented CSP for GA4 through gtag.js: the tag from Google Tag Manager's hosts, hits to
 * Google Analytics' regional collection hosts (images are already allowed from any https host).
 */
const ga4Origins: AnalyticsOrigins = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** Only the chosen provider's origins; none at all for `none`. */
export function analyticsOrigins(config: AnalyticsConfig): AnalyticsOrigins {
  switch (config.provider) {
    case 'none':
      return { script: [], connect: [] };
    case 'ga4':
      return ga4Origins;
    case 'plausible':
    case 'umami': {
      const origin = new URL(config.scriptUrl).origin;
      return { script: [origin], connect: [origin] };
    }
    case 'matomo': {
      const origin = new URL(config.baseUrl).origin;
      return { script: [origin], connect: [origin] };
    }
  }
}
