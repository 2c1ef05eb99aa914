import { z } from './zod';
import { defineRoute } from './route';

/** The analytics providers a deployment can choose (ANALYTICS_PROVIDER); `none` loads nothing. */
export const analyticsProviders = ['none', 'ga4', 'plausible', 'umami', 'matomo'] as const;
export type AnalyticsProviderName = (typeof analyticsProviders)[number];

/**
 * What the app needs to load the configured analytics provider once the user has said yes. Only
 * public identifiers: a measurement id, a site id or domain, and where the provider's script is.
 */
export const analyticsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('none') }),
  /** Google Analytics 4 through gtag.js, in basic consent mode. */
  z.object({ provider: z.literal('ga4'), measurementId: z.string().check(z.minLength(1)) }),
  /** Plausible (cookieless): its script URL and the site's domain as Plausible knows it. */
  z.object({ provider: z.literal('plausible'), scriptUrl: z.string().check(z.minLength(1)), domain: z.string().check(z.minLength(1)) }),
  /** Umami (cookieless): its script URL and the website id. */
  z.object({ provider: z.literal('umami'), scriptUrl: z.string().check(z.minLength(1)), websiteId: z.string().check(z.minLength(1)) }),
  /** Matomo: the instance's base URL (ending in /) and the site id. */
  z.object({ provider: z.literal('matomo'), baseUrl: z.string().check(z.minLength(1)), siteId: z.string().check(z.minLength(1)) }),
]);
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

/** The analytics provider this deployment uses; the app asks only after the user consents. */
export const analyticsConfigRoute = defineRoute({
  id: 'analytics.config',
  method: 'GET',
  path: '/api/user/analytics/config',
  response: analyticsConfigSchema,
  roles: [],
});

export const analyticsRoutes = [analyticsConfigRoute] as const;
