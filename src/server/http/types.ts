import type { ActiveSession } from '../auth/session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, or null when anonymous. Set by the session hook. */
    session: ActiveSession | null;
  }
}
