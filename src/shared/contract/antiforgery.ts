import { defineRoute, raw } from './route';

/** The cookie the server sets and the header every POST, PUT and DELETE echoes it in (SPEC §7). */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

/** Sets the XSRF-TOKEN cookie; the body is not read. */
export const antiforgeryTokenRoute = defineRoute({
  id: 'antiforgery.get',
  method: 'GET',
  path: '/api/antiforgerytoken',
  response: raw.empty,
  isPublic: true,
  roles: [],
});

export const antiforgeryRoutes = [antiforgeryTokenRoute] as const;
