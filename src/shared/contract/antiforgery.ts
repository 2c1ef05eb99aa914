import { z } from 'zod/mini';
import { defineRoute } from './route';

/** The cookie the server sets and the header every POST, PUT and DELETE echoes it in (SPEC §7). */
export const xsrfCookieName = 'XSRF-TOKEN';
/** Its name behind an https origin: the `__Host-` prefix keeps subdomains and plain http from planting it. */
export const hostXsrfCookieName = `__Host-${xsrfCookieName}`;
export const xsrfHeaderName = 'X-XSRF-TOKEN';

/** The SPEC §8 message of a write refused for a missing or wrong antiforgery token (403). */
export const antiforgeryRefusalMessage = 'The antiforgery token is missing or invalid. Reload the page and try again.';

/**
 * The new token, also in the body: a service worker cannot read cookies, and replays queued writes
 * with the token valid at send time. The cookie stays the double-submit source; only a same-origin
 * script can read this body (the server sends no CORS headers).
 */
export const antiforgeryTokenSchema = z.object({ token: z.string() });

/** Sets the XSRF-TOKEN cookie and answers with the same token. */
export const antiforgeryTokenRoute = defineRoute({
  id: 'antiforgery.get',
  method: 'GET',
  path: '/api/antiforgerytoken',
  response: antiforgeryTokenSchema,
  isPublic: true,
  roles: [],
});

export const antiforgeryRoutes = [antiforgeryTokenRoute] as const;
