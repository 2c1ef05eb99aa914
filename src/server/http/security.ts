import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The CSP allows only this origin's scripts (the service worker and its
 * imports included), inline styles for component libraries, images from https (trending content),
 * and no framing at all.
 */
export async function registerSecurityHeaders(app: FastifyInstance, isHttpsOrigin: boolean, extraConnectOrigins: readonly string[] = []): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        // Plus a configured map basemap's tile server, which the map engine fetches tiles from.
        connectSrc: ["'self'", ...extraConnectOrigins],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttpsOrigin ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when the site is served over https.
    strictTransportSecurity: isHttpsOrigin ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
