import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { antiforgeryRefusalMessage } from '../shared/contract/antiforgery.js';
import { allRoutes } from '../shared/contract/index.js';
import { absence } from '../shared/constants.js';
import { antiforgeryRoutes } from './auth/antiforgery.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { OidcService } from './auth/oidc.service.js';
import { getOrCreateSecret } from './auth/secrets.js';
import { SESSION_COOKIE, SessionStore } from './auth/session.service.js';
import { XSRF_COOKIE, XSRF_HEADER, XsrfTokens, xsrfSubject } from './auth/xsrf.js';
import type { Config } from './config.js';
import type { ServerContext } from './context.js';
import type { Db } from './db/database.js';
import { absencesRoutes } from './features/absences/absences.routes.js';
import { adminTimetableRoutes } from './features/admin/adminTimetable.routes.js';
import { attendanceRoutes } from './features/attendance/attendance.routes.js';
import { contentRoutes } from './features/content/content.routes.js';
import { favouritesRoutes } from './features/favourites/favourites.routes.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { Notifier } from './features/notifications/notify.service.js';
import { preferencesRoutes } from './features/preferences/preferences.routes.js';
import { resourcesRoutes } from './features/resources/resources.routes.js';
import { timetableRoutes } from './features/timetable/timetable.routes.js';
import { trendingRoutes } from './features/trending/trending.routes.js';
import { referralsRoutes } from './features/referrals/referrals.routes.js';
import { profileRoutes } from './features/user/profile.routes.js';
import { userRoutes } from './features/user/user.routes.js';
import { registerContractRoutes, type RouteImplementation } from './http/contractRoutes.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { HttpError } from './http/errors.js';
import { loggerOptions } from './http/logging.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerStaticFiles } from './http/staticFiles.js';
import { createPushService } from './push/push.service.js';

export interface AppDependencies {
  readonly config: Config;
  readonly db: Db;
}

/** Every feature's handlers; a contract route missing here answers 501 after the access checks. */
function implementations(ctx: ServerContext): RouteImplementation[] {
  return [...antiforgeryRoutes(ctx), ...authRoutes(ctx), ...userRoutes(ctx), ...profileRoutes(ctx), ...preferencesRoutes(ctx), ...resourcesRoutes(ctx), ...favouritesRoutes(ctx), ...trendingRoutes(ctx), ...contentRoutes(ctx), ...timetableRoutes(ctx), ...notificationsRoutes(ctx), ...attendanceRoutes(ctx), ...absencesRoutes(ctx), ...referralsRoutes(ctx), ...adminTimetableRoutes(ctx)];
}

/** Builds the whole server (API and client) without listening. */
export async function buildApp({ config, db }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustedProxies.length > 0 ? [...config.trustedProxies] : false,
    bodyLimit: 1024 * 1024,
  });
  const [cookieSecret, xsrfSecret] = await Promise.all([getOrCreateSecret(db, 'cookie'), getOrCreateSecret(db, 'xsrf')]);
  // Pushes go out from a background queue, stopped (in-flight sends aborted) when the app closes.
  const push = await createPushService(db, config.push, app.log);
  app.addHook('onClose', () => push.close());
  const ctx: ServerContext = {
    config,
    db,
    sessions: new SessionStore(db, { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours }),
    xsrf: new XsrfTokens(xsrfSecret),
    oidc: config.oidc ? new OidcService(config.oidc) : undefined,
    notifier: new Notifier(db, push),
  };
  app.decorate('notifier', ctx.notifier);

  registerErrorHandling(app);
  const basemapOrigins = config.mapBasemap ? [new URL(config.mapBasemap.tiles.replace(/[{}]/g, '')).origin] : [];
  // firebase/messaging registers the device with these when web clients use FCM.
  const firebaseOrigins = config.push.firebaseWeb ? ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'] : [];
  await registerSecurityHeaders(app, config.publicOrigin?.startsWith('https://') ?? false, [...basemapOrigins, ...firebaseOrigins]);
  await app.register(fastifyCookie, { secret: cookieSecret });
  await app.register(fastifyRateLimit, { global: false });
  // Weak ETags on every response, so the client's sync engine revalidates with If-None-Match (304).
  await app.register(fastifyEtag, { weak: true });
  app.addHook('onSend', async (request, reply) => {
    // API answers are per user: never stored by shared caches, always revalidated by the browser.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
  });
  await app.register(fastifyMultipart, { limits: { fileSize: absence.maxFileSizeBytes, files: 10, fields: 20 } });

  // An empty JSON body (a POST with nothing to say) is read as "no body", not as an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The request body is not valid JSON.', { body: ['Malformed JSON'] }), undefined);
    }
  });

  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const id = request.cookies[SESSION_COOKIE];
    request.session = id ? ((await ctx.sessions.touch(id)) ?? null) : null;
  });

  registerContractRoutes(app, allRoutes, implementations(ctx), {
    assertXsrf: (request) => {
      const header = request.headers[XSRF_HEADER];
      const isValid = ctx.xsrf.isValid(
        xsrfSubject(request.session?.user.id),
        request.cookies[XSRF_COOKIE],
        typeof header === 'string' ? header : undefined,
      );
      if (!isValid) {
        throw new HttpError(403, antiforgeryRefusalMessage, {
          xsrf: ['Send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header.'],
        });
      }
    },
  });

  const hasClient = await registerStaticFiles(app, config.staticDir);
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    // Read per request (it is small): a new deployment's shell is served without a restart.
    const indexHtml = isPage && hasClient ? await readFile(join(config.staticDir, 'index.html'), 'utf8').catch(() => undefined) : undefined;
    if (indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send({ message: 'Not found.', errors: { path: [`No route for ${request.method} ${request.url.split('?')[0]}`] } });
  });

  return app;
}
