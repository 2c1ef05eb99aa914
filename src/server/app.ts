import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { antiforgeryRefusalMessage } from '../shared/contract/antiforgery.js';
import { allRoutes } from '../shared/contract/index.js';
import { openApiRoutes } from './http/openApi.routes.js';
import { antiforgeryRoutes } from './auth/antiforgery.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { OidcService } from './auth/oidc.service.js';
import { postgresRateLimitStore } from './auth/rateLimitStore.js';
import { getOrCreateSecret } from './auth/secrets.js';
import { adminSessionCookieName, clearAdminSessionCookie, cookieMaxAge, sessionCookieName, useSessionCookies, xsrfCookieName } from './auth/cookies.js';
import { SessionStore } from './auth/session.service.js';
import { SessionCache } from './auth/sessionCache.js';
import { XSRF_HEADER, XsrfTokens, xsrfSubject } from './auth/xsrf.js';
import { clockFor, systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { sessionRevokedHeader, sessionUserHeader } from '../shared/rules/sessionUserHeader.js';
import type { ServerContext } from './context.js';
import type { Db } from './db/database.js';
import { absencesRoutes } from './features/absences/absences.routes.js';
import { multipartLimits } from './features/absences/multipartForm.js';
import { PostgresFileStore } from './features/absences/postgresFileStore.js';
import { adminTimetableRoutes } from './features/admin/adminTimetable.routes.js';
import { staffRegisterRoutes } from './features/staff/staffRegister.routes.js';
import { staffAbsencesRoutes } from './features/staffAbsences/staffAbsences.routes.js';
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
import { feedbackRoutes } from './features/feedback/feedback.routes.js';
import { profileRoutes } from './features/user/profile.routes.js';
import { userRoutes } from './features/user/user.routes.js';
import { registerContractRoutes, type RouteImplementation } from './http/contractRoutes.js';
import { IdempotencyStore } from './http/idempotencyStore.js';
import { earlyErrorHandlers, MAX_PARAM_LENGTH } from './http/earlyErrors.js';
import { registerCompression } from './http/compression.js';
import { registerCanonicalPaths } from './http/canonicalPath.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { HttpError, type ErrorBody } from './http/errors.js';
import { loggerOptions } from './http/logging.js';
import { analyticsOrigins } from './features/analytics/analyticsCsp.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { registerSecurityHeaders, securityHeaderOptions, staticSecurityHeaders } from './http/security.js';
import { registerStaticFiles } from './http/staticFiles.js';
import { firstPaintLinksFor, withHeadLinks } from './http/firstPaintPreloads.js';
import { answersWaitMs, isDocumentNavigation, noSessionAnswers, pageWithAnswers, sessionAnswersFor, startupAnswersFor } from './http/pageAnswers.js';
import { withinTime } from './withinTime.js';
import { registerTestControl } from './http/testControl.js';
import { registerViewAsRequestLog } from './http/viewAsGuard.js';
import { viewAsRoutes } from './features/admin/viewAs/viewAs.routes.js';
import { createPushService } from './push/push.service.js';
import { JobQueue } from './jobs/jobQueue.js';
import { intervalJobs, scheduledJobs } from './jobs/scheduledJobs.js';
import { adminJobsRoutes } from './features/admin/adminJobs.routes.js';
import { adminAudienceRoutes } from './features/admin/adminAudience.routes.js';
import { adminAuditRoutes } from './features/admin/adminAudit.routes.js';
import { adminClassesRoutes } from './features/admin/classes/adminClasses.routes.js';
import { adminNotificationsRoutes } from './features/admin/adminNotifications.routes.js';
import { startAdminNotificationWorker } from './features/admin/notifications/adminNotifications.jobs.js';
import { startImportWorkers } from './features/imports/imports.jobs.js';
import { startConnectorWorkers } from './features/connectors/connectors.jobs.js';
import { connectorRoutes } from './features/connectors/connectors.routes.js';
import { startReferralEmailWorker } from './features/referrals/referralEmail.js';
import { startDecisionNoticeWorker } from './features/staffAbsences/decisionNotice.jobs.js';
import { importRoutes } from './features/imports/imports.routes.js';
import { integrationRoutes } from './features/integration/integration.routes.js';
import { attendanceFeedRoutes } from './features/integration/attendanceFeed.routes.js';
import { IntegrationClients } from './features/integration/integrationClients.service.js';
import { acceptZipBodies } from './features/integration/pushedBundle.js';
import { HubConnections } from './realtime/hubConnections.js';
import { realtimeRoutes, registerSendTracking } from './realtime/realtime.routes.js';
import { statusRoutes } from './realtime/status.routes.js';
import { StatusFeed } from './realtime/statusFeed.js';
import { sweepEndedSessions } from './realtime/sessionSweep.js';
import { realtimeHubPath } from '../shared/contract/realtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (started only when buildApp was asked to run jobs). */
    readonly jobs: JobQueue;
  }
}

export interface AppDependencies {
  readonly config: Config;
  readonly db: Db;
  /**
   * Start the durable job queue: push sends and scheduled jobs run on this process. The server
   * does; unit tests leave it off (pushes are then not queued) unless they test the queue.
   */
  readonly runJobs?: boolean;
  /**
   * The server's clock (clock.ts): every service, job and query reads the time from it. Default:
   * CLOCK_START's clock when set, else the wall clock. Tests pass their own (each app its own).
   */
  readonly clock?: Clock;
  /**
   * Where the job queue takes its start-up advisory lock, which needs a real session: the
   * DATABASE_DIRECT_URL connection when `db` goes through PgBouncer in transaction mode. Default `db`.
   */
  readonly sessionDb?: Db;
}

/** Every feature's handlers; a contract route missing here answers 501 after the access checks. */
function implementations(ctx: ServerContext, jobs: JobQueue, hub: HubConnections): RouteImplementation[] {
  return [...realtimeRoutes(hub), ...statusRoutes(ctx), ...adminJobsRoutes(jobs), ...antiforgeryRoutes(ctx), ...authRoutes(ctx, hub), ...userRoutes(ctx), ...profileRoutes(ctx), ...preferencesRoutes(ctx), ...resourcesRoutes(ctx), ...favouritesRoutes(ctx), ...trendingRoutes(ctx), ...contentRoutes(ctx), ...timetableRoutes(ctx), ...notificationsRoutes(ctx), ...attendanceRoutes(ctx), ...absencesRoutes(ctx), ...referralsRoutes(ctx, jobs), ...adminTimetableRoutes(ctx), ...staffRegisterRoutes(ctx), ...feedbackRoutes(ctx), ...analyticsRoutes(ctx), ...adminAudienceRoutes(ctx), ...adminNotificationsRoutes(ctx, jobs), ...adminAuditRoutes(ctx), ...adminClassesRoutes(ctx), ...staffAbsencesRoutes(ctx, jobs), ...viewAsRoutes(ctx, hub), ...importRoutes(ctx, jobs), ...integrationRoutes(ctx, jobs), ...connectorRoutes(ctx, jobs), ...attendanceFeedRoutes(ctx), ...openApiRoutes(ctx)];
}

/** Builds the whole server (API and client) without listening. */
export async function buildApp({ config, db, runJobs = false, clock = clockFor(config), sessionDb = db }: AppDependencies): Promise<FastifyInstance> {
  const isHttpsOrigin = config.publicOrigin?.startsWith('https://') ?? false;
  const basemapOrigins = config.mapBasemap ? [new URL(config.mapBasemap.tiles.replace(/[{}]/g, '')).origin] : [];
  // firebase/messaging registers the device with these when web clients use FCM.
  const firebaseOrigins = config.push.firebaseWeb ? ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'] : [];
  const analytics = analyticsOrigins(config.analytics);
  const connectOrigins = [...basemapOrigins, ...firebaseOrigins, ...analytics.connect];
  const scriptOrigins = analytics.script;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustedProxies.length > 0 ? [...config.trustedProxies] : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors raised before any hook runs get the error shape and the security headers too.
    ...earlyErrorHandlers(staticSecurityHeaders(securityHeaderOptions(isHttpsOrigin, connectOrigins, scriptOrigins))),
    // A backstop for stalled bodies of any route: Node answers 408 and closes. Uploads stop sooner, in the SPEC §8 shape (multipartForm.ts).
    requestTimeout: config.uploadTimeoutMs + 30_000,
  });
  const [cookieSecret, xsrfSecret] = await Promise.all([getOrCreateSecret(db, 'cookie', clock.now()), getOrCreateSecret(db, 'xsrf', clock.now())]);
  // Pushes and scheduled work go through the durable queue (pg-boss on this database). On close,
  // sends in flight are aborted and the queue stops; unfinished jobs stay queued for any instance.
  const jobs = new JobQueue(db, app.log, sessionDb);
  const push = await createPushService(db, config.push, app.log, jobs, clock.now());
  app.addHook('onClose', async () => {
    push.close();
    await jobs.stop();
  });
  const now = (): Date => clock.now();
  const ctx: ServerContext = {
    config,
    clock,
    db,
    sessions: new SessionStore(db, { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours, acceptsDemoSessions: config.isDemo }, clock),
    xsrf: new XsrfTokens(xsrfSecret),
    oidc: config.oidc ? new OidcService(config.oidc, clock) : undefined,
    notifier: new Notifier(db, push, clock),
  };
  app.decorate('notifier', ctx.notifier);
  // The status feed: this instance's SignalR connections, fed from the service_statuses table.
  const feed = new StatusFeed(db, { warn: (msg) => app.log.warn(msg) }, config.databaseDirectUrl, config.status.pingdomApiToken ? [] : config.status.checks, clock);
  const hub = new HubConnections((send) => feed.sendCurrent(send));
  feed.hub = hub;
  // Before the server stops accepting: every stream gets the close message and ends, so close() need not wait for them.
  let idleCloser: NodeJS.Timeout | undefined;
  const stopSweeping = sweepEndedSessions(db, hub, { warn: (msg) => app.log.warn(msg) }, clock);
  app.addHook('preClose', (done) => {
    stopSweeping();
    hub.close();
    // A feed client's keep-alive socket that goes idle after the close began (a ping answered
    // meanwhile) would otherwise hold the close for the whole keep-alive timeout.
    idleCloser = setInterval(() => app.server.closeIdleConnections(), 500);
    idleCloser.unref();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(idleCloser);
    await feed.stop();
  });
  app.decorate('jobs', jobs);
  if (runJobs) {
    await jobs.start(async () => {
      await push.startWorker();
      await startAdminNotificationWorker(ctx, jobs);
      await startImportWorkers(ctx, jobs);
      await startConnectorWorkers(ctx, jobs);
      await startReferralEmailWorker(ctx, jobs, app.log);
      await startDecisionNoticeWorker(ctx, jobs);
      // SCHEDULED_JOBS=0 (e2e only): the tests run each timed job through /api/test/jobs when they need it.
      if (config.scheduledJobs) await jobs.schedule(scheduledJobs, () => ({ ...ctx, now, jobs }));
    });
    // The interval jobs (the status checks) begin once this instance listens: the demo's checks
    // ask this very server, and a run before it listened found the port closed and showed every
    // service as having problems until the next period. (Fastify runs onListen once: an
    // instance listens only once.)
    if (config.scheduledJobs) {
      app.addHook('onListen', async () => {
        await jobs.withSetupLock(() => jobs.scheduleEvery(intervalJobs, () => ({ ...ctx, now })));
      });
    }
  }

  registerErrorHandling(app);
  await registerSecurityHeaders(app, isHttpsOrigin, connectOrigins, scriptOrigins);
  // Before every hook that decides by the path's text (the refusal still carries the headers above).
  registerCanonicalPaths(app);
  await app.register(fastifyCookie, { secret: cookieSecret });
  // Counters in the database: a limit holds across every instance, not per process.
  await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(db, clock) });
  // Weak ETags on every response, so the client's sync engine revalidates with If-None-Match (304).
  await app.register(fastifyEtag, { weak: true });
  // After the ETag hook (so the tag is of the uncompressed body) and before any route.
  await registerCompression(app);
  app.addHook('onSend', async (request, reply) => {
    // API answers are personal (ASVS V14.3): stored by no cache, the browser's included. The sync
    // engine keeps its own copy and ETag in IndexedDB and revalidates with If-None-Match (304).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // Whose answer it is, so a client never stores it in another user's database (sessionUserHeader.ts).
    if (request.session) reply.header(sessionUserHeader, String(request.session.user.id));
  });
  await app.register(fastifyMultipart, { limits: { ...multipartLimits } });
  // Evidence files an older version kept on this disk move into the database; then what a crash
  // left (upload temporaries, unclaimed contents) goes. An upload in progress is younger than this.
  app.addHook('onReady', async () => {
    const store = new PostgresFileStore(db, config.uploadsDir);
    const imported = await store.importLegacyFiles();
    if (imported > 0) app.log.warn(`moved ${imported} evidence file(s) from ${config.uploadsDir} into the database`);
    // Real elapsed time, not the app's clock: file mtimes and the rows' created_at are the real time.
    const removed = await store.removeLeftovers(config.uploadTimeoutMs, systemClock.nowMs());
    if (removed > 0) app.log.warn(`removed ${removed} unfinished upload file(s)`);
  });

  // An empty JSON body (a POST with nothing to say) is read as "no body", not as an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'malformed', 'The request body is not valid JSON.', { body: ['Malformed JSON'] }), undefined);
    }
  });

  app.decorateRequest('session', null);
  app.decorateRequest('integrationClient', undefined);
  const sessionCookie = sessionCookieName(config.publicOrigin);
  // The store's lookup, kept per session while the database says it still holds (auth/sessionCache.ts).
  const sessionLookup = new SessionCache(db, ctx.sessions, config.sessionIdleMinutes, clock);
  const adminSessionCookie = adminSessionCookieName(config.publicOrigin);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const id = request.cookies[sessionCookie];
    // The status feed's requests (its stream, pings) are no sign of the user's activity: they do not slide the session.
    const isFeed = request.url.startsWith(realtimeHubPath);
    request.session = id ? ((await sessionLookup.touch(id, { slide: !isFeed })) ?? null) : null;
    // A view-as session that lapsed: the administrator's own cookie (kept aside while viewing)
    // brings their session back, and the cookies follow. The view's cookie alone brings nothing.
    const adminId = request.session ? undefined : request.cookies[adminSessionCookie];
    if (adminId) {
      const admin = await sessionLookup.touch(adminId, { slide: !isFeed });
      if (admin && !admin.viewAs) {
        request.session = { ...admin, reissuedId: adminId };
        const maxAge = cookieMaxAge(admin.keepUntil, clock.now());
        useSessionCookies(request, reply, { id: adminId, idHash: admin.idHash, maxAge }, ctx.xsrf, config.publicOrigin);
      } else {
        clearAdminSessionCookie(request, reply, config.publicOrigin);
      }
    }
    // A cookie of a session ended on another device: this device must wipe its copy (sessionRevokedHeader).
    if (!request.session && id && (await ctx.sessions.wasRevoked(id))) reply.header(sessionRevokedHeader, '1');
    // The database listener starts with the first signed-in negotiation (never for anonymous callers).
    if (isFeed && request.session && request.method === 'POST' && request.url.includes('/negotiate')) await feed.ensureStarted();
  });

  registerSendTracking(app, hub);
  registerViewAsRequestLog(app, db, allRoutes);
  acceptZipBodies(app);
  const integrationClients = new IntegrationClients(db, clock);
  registerContractRoutes(app, allRoutes, implementations(ctx, jobs, hub), {
    idempotency: new IdempotencyStore(db, now),
    authenticateClient: async (request, route) =>
      integrationClients.authenticate(request.headers.authorization, route.scope, { routeId: route.id, address: request.ip }),
    assertXsrf: (request) => {
      const header = request.headers[XSRF_HEADER];
      const isValid = ctx.xsrf.isValid(
        xsrfSubject(request.session),
        request.cookies[xsrfCookieName(config.publicOrigin)],
        typeof header === 'string' ? header : undefined,
      );
      if (!isValid) {
        throw new HttpError(403, 'xsrf', antiforgeryRefusalMessage, {
          xsrf: ['Send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header.'],
        });
      }
    },
  });

  // E2E_TEST_CONTROL only (never in production): move the clock, run a job now. Outside the contract.
  if (config.testControl) registerTestControl(app, ctx);

  const hasClient = await registerStaticFiles(app, config.staticDir);
  /**
   * The app's page (the built index.html) for the URL of one of its pages. Read per request (it is
   * small): a new deployment's shell is served without a restart. A signed-in browser's load of a
   * page carries its start-up's answers (http/pageAnswers.ts): personal, so stored by no cache.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    const indexHtml = isPage && hasClient ? await readFile(join(config.staticDir, 'index.html'), 'utf8').catch(() => undefined) : undefined;
    if (indexHtml === undefined) return undefined;
    const hasSession = request.cookies[sessionCookie] !== undefined || request.cookies[adminSessionCookie] !== undefined;
    if (hasSession && isDocumentNavigation(request)) {
      // Its first paint's chunks, to name in its head (http/firstPaintPreloads.ts; never rejects).
      const links = firstPaintLinksFor(config.staticDir, indexHtml, request.url);
      // Not in time (a slow database), or not at all: the page goes without answers rather than late.
      const session = await withinTime(sessionAnswersFor(app, request).catch(() => noSessionAnswers), answersWaitMs, noSessionAnswers);
      for (const cookie of session.setCookies) reply.header('set-cookie', cookie);
      // Made from a session's cookies (its answers, or cookies set): stored by no cache, shared or not.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!session.isSignedIn) return reply.send(indexHtml);
      // Answers that cannot be asked (a server closing) leave the app to ask for them itself.
      const startupElements = startupAnswersFor(app, request, session.userRoles).catch(() => '');
      return reply.send(pageWithAnswers(withHeadLinks(indexHtml, await links), session.elements, startupElements));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ message: 'Not found.', errors: { path: [`No route for ${request.method} ${request.url.split('?')[0]}`] }, code: 'notFound' } satisfies ErrorBody);
  // `/` is a page like the others (the static files leave it to this handler, staticFiles.ts).
  if (hasClient) app.get('/', async (request, reply) => (await sendPage(request, reply)) ?? notFound(request, reply));
  app.setNotFoundHandler(async (request, reply) => (await sendPage(request, reply)) ?? notFound(request, reply));

  return app;
}
