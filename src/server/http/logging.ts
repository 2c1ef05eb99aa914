import type { FastifyServerOptions } from 'fastify';
import { withUnreservedDecoded } from './canonicalPath.js';

/** Paths whose last segment is a secret: the calendar feed id and a device's push token. */
const SECRET_PATH = /^(\/api\/timetable\/ical\/feed\/|\/api\/user\/notifications\/subscription\/)[^/?]+/;

/** Strips secrets from a URL before it is logged. */
export function redactUrl(url: string): string {
  const [rawPath = '', query] = url.split('?', 2);
  // `/%61pi/…` reaches the same route as `/api/…` (it is then refused, but logged first).
  const path = withUnreservedDecoded(rawPath);
  const safePath = path.replace(SECRET_PATH, '$1[redacted]');
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  // The status feed's `id` is its connection token.
  const keys = ['code', 'state', 'id_token', 'session_state', 'token', ...(path.startsWith('/api/realtimepingdom') ? ['id'] : [])];
  for (const key of keys) {
    if (params.has(key)) params.set(key, '[redacted]');
  }
  return `${safePath}?${params.toString()}`;
}

/** Request logs carry method, redacted URL and address; never cookies, tokens or bodies. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), ip: request.ip }),
    },
  };
}
