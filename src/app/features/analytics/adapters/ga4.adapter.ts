import type { AnalyticsConfig } from '../../../../shared/contract/analytics';
import { addAnalyticsScript, dataLayer } from '../dataLayer';
import type { AnalyticsAdapter } from './adapter';

type Ga4Config = Extract<AnalyticsConfig, { provider: 'ga4' }>;

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** Every consent signal of Google's consent mode, denied until the user's answer says otherwise. */
export const deniedByDefault = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
} as const;

/**
 * Google Analytics 4 in basic consent mode: nothing of Google's loads before consent. The default
 * (everything denied) goes into the data layer before the tag does; the user's yes then grants
 * analytics storage only (the app shows no ads), and only then is gtag.js added.
 */
export function ga4Adapter(config: Ga4Config): AnalyticsAdapter {
  return {
    start(data) {
      const layer = dataLayer();
      // gtag.js reads `arguments` objects from the data layer, not arrays.
      window.gtag ??= function gtag() {
        // eslint-disable-next-line prefer-rest-params
        layer.push(arguments);
      };
      window.gtag('consent', 'default', { ...deniedByDefault });
      window.gtag('consent', 'update', { analytics_storage: 'granted' });
      window.gtag('js', new Date());
      window.gtag('set', 'user_properties', {
        is_staff: data.isStaff,
        is_student: data.isStudent,
        study_level: data.studyLevel,
        school: data.school,
      });
      window.gtag('config', config.measurementId);
      addAnalyticsScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.measurementId)}`);
    },
  };
}
