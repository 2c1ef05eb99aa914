import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** HSTS for a year (ASVS asks for at least that), subdomains included; only over https. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * Security headers. The CSP allows only this origin's scripts (the service worker and its
 * imports included), inline styles for component libraries, images from https (trending content),
 * no `<base>` element, and no framing at all.
 */
export function securityHeaderOptions(
  isHttpsOrigin: boolean,
  extraConnectOrigins: readonly string[] = [],
  extraScriptOrigins: readonly string[] = [],
): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Plus the configured analytics provider's script host, and only that (ANALYTICS_PROVIDER).
        scriptSrc: ["'self'", ...extraScriptOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        // Plus a configured map basemap's tile server, which the map engine fetches tiles from, and
        // the analytics provider's collection hosts.
        connectSrc: ["'self'", ...extraConnectOrigins],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttpsOrigin ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when the site is served over https.
    strictTransportSecurity: isHttpsOrigin ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  isHttpsOrigin: boolean,
  extraConnectOrigins: readonly string[] = [],
  extraScriptOrigins: readonly string[] = [],
): Promise<void> {
  // The same options object; @fastify/helmet only types it against its own (CommonJS) copy of helmet's types.
  await app.register(fastifyHelmet, securityHeaderOptions(isHttpsOrigin, extraConnectOrigins, extraScriptOrigins) as FastifyHelmetOptions);
}

/**
 * The same headers as a plain map, for answers written before any route or hook runs (a bad URL,
 * a request the HTTP parser refused). None of our directives depends on the request, so helmet's
 * middleware, run once against a stand-in response, yields exactly what every response gets.
 */
export function staticSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet failed.', { cause: failure });
  return headers;
}
