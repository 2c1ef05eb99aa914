import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDescriptor } from '../../shared/contract/route.js';
import type { Db } from '../db/database.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the read-only check of a view-as session refused this request. */
    viewAsRefused?: boolean;
  }
}

/**
 * Whether a view-as session may not call this route: every write but those marked `allow`, and any
 * route marked `refuse` (a GET that writes, or shows what a viewer must not see).
 */
export function isRefusedWhileViewing(route: Pick<RouteDescriptor, 'method' | 'whileViewing'>): boolean {
  return (route.method !== 'GET' && route.whileViewing !== 'allow') || route.whileViewing === 'refuse';
}

export function readOnlyRefusal(viewedName: string): HttpError {
  return new HttpError(403, 'viewAsReadOnly', `Read only: you are viewing as ${viewedName}. Stop viewing to make changes.`, {
    viewAs: ['Nothing can be changed while viewing as another user.'],
  });
}

/**
 * Logs every API request a view-as session makes (its route, path, status, and whether the
 * read-only check refused it) once the response is sent, so the log costs the caller no time.
 */
export function registerViewAsRequestLog(app: FastifyInstance, db: Db, routes: readonly RouteDescriptor[]): void {
  const routeIds = new Map(routes.map((route) => [`${route.method} ${route.path}`, route.id]));
  const routeIdOf = (request: FastifyRequest): string | null =>
    routeIds.get(`${request.method} ${request.routeOptions.url ?? ''}`) ?? null;
  app.addHook('onResponse', async (request, reply) => {
    const viewAs = request.session?.viewAs;
    if (!viewAs) return;
    try {
      await db
        .insertInto('view_as_requests')
        .values({
          view_as_id: viewAs.id,
          method: request.method,
          route_id: routeIdOf(request),
          path: request.url.split('?')[0] ?? request.url,
          status: reply.statusCode,
          refused: request.viewAsRefused === true,
        })
        .execute();
    } catch (error) {
      request.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'view-as request log failed');
    }
  });
}
