import type { RouteDescriptor } from '../../shared/contract/route.js';
import type { ActiveSession } from '../auth/session.service.js';
import type { IntegrationCaller } from '../features/integration/integrationClients.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, or null when anonymous. Set by the session hook. */
    session: ActiveSession | null;
    /** On a machine route, the client its bearer token belongs to (contractRoutes.ts). */
    integrationClient?: IntegrationCaller;
  }
  interface FastifyInstance {
    /** The contract routes with no implementation yet: they answer 501 after the access checks. */
    readonly unbuiltRoutes: readonly RouteDescriptor[];
  }
}
