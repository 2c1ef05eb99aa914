import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** `%41`-style escapes of the characters a URL never needs to escape (RFC 3986 §2.3, unreserved). */
const escapedUnreserved = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/gi;

/**
 * The path with every needless escape decoded: `/%61pi/user/%69nfo` is `/api/user/info`, which is
 * what the router matches it to (RFC 3986 §6.2.2.2 counts both as one URL).
 */
export function withUnreservedDecoded(path: string): string {
  return path.replace(escapedUnreserved, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16)));
}

/**
 * Refuses a request whose path escapes characters that need no escaping. The router would match it
 * to the same route as its plain spelling, but everything that decides by the path's text (the
 * API's session, `no-store` and XSRF hooks, log redaction) would not see `/api/` in `/%61pi/`.
 * No browser or client of ours writes such a path, so it is answered 404 before anything runs.
 */
export function registerCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (withUnreservedDecoded(path) !== path) {
      reply.header('cache-control', 'no-store');
      throw new HttpError(404, 'notFound', 'Not found.', { path: ['This address spells out characters that need no escaping; use its plain spelling.'] });
    }
  });
}
