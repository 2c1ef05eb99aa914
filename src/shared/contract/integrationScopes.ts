/**
 * What a machine client's token may do (issue 36): push import bundles, read their reports, read
 * attendance back out. A route with a `scope` is a machine route: it lives under
 * `/api/integration/`, takes `Authorization: Bearer <token>` and nothing else (no session, no
 * antiforgery token), and a session can never call it. Kept apart from route.ts, which every
 * client chunk loads: only the server and the admin area need these values.
 */
export const integrationScopes = ['import:write', 'import:read', 'attendance:read'] as const;
export type IntegrationScope = (typeof integrationScopes)[number];
/** Where every machine route lives, and only they. */
export const integrationPathPrefix = '/api/integration/';
