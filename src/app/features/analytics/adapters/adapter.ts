import type { AnalyticsConfig } from '../../../../shared/contract/analytics';
import type { UserAnalytics } from '../../../../shared/contract/user';

/** One analytics provider, loaded only after the user said yes. */
export interface AnalyticsAdapter {
  /**
   * Adds the provider's script and starts measuring this page, telling the provider what it
   * takes of the user's (pseudonymous) analytics data beyond the data layer push.
   */
  start(data: UserAnalytics): void;
}

/**
 * The adapter for the configured provider, each in its own lazily loaded chunk; `none` loads no
 * code at all.
 */
export async function loadAnalyticsAdapter(config: AnalyticsConfig): Promise<AnalyticsAdapter | undefined> {
  switch (config.provider) {
    case 'none':
      return undefined;
    case 'ga4':
      return (await import('./ga4.adapter')).ga4Adapter(config);
    case 'plausible':
      return (await import('./plausible.adapter')).plausibleAdapter(config);
    case 'umami':
      return (await import('./umami.adapter')).umamiAdapter(config);
    case 'matomo':
      return (await import('./matomo.adapter')).matomoAdapter(config);
  }
}
