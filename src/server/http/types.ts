import type { RouteDescriptor } from '../../shared/contract/route.js';
import type { ActiveSession } from '../auth/session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, or null when anonymous. Set by the session hook. */
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** The contract routes with no implementation yet: they answer 501 after the access checks. */
    readonly unbuiltRoutes: readonly RouteDescriptor[];
  }
}
