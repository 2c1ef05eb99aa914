import { z } from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import {
  demoSignInRoute,
  signInCallbackRoute,
  signInPickerScriptRoute,
  signInRoute,
  signOutRoute,
  signOutScriptRoute,
  signOutEverywhereRoute,
  signOutSubmitRoute,
} from '../../shared/contract/auth.js';
import type { HubConnections } from '../realtime/hubConnections.js';
import type { ServerContext } from '../context.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { implement, type RouteImplementation } from '../http/contractRoutes.js';
import { toUserInfo } from '../features/user/userInfo.js';
import { clearAuthCookies, cookieMaxAge, isHttps, OIDC_FLOW_COOKIE, publicOrigin, useSessionCookies } from './cookies.js';
import { ACCOUNT_LINK_REFUSED_MESSAGE, accountLinkRefusedHtml, SIGN_IN_UNAVAILABLE_MESSAGE, signInUnavailableHtml, signOutPageHtml, signOutPageScript } from './authPages.js';
import { recordAudit } from '../audit/auditLog.js';
import { demoPickerHtml, demoPickerScript, isDemoPersona } from './demoPicker.js';
import { pendingSignInSchema, UserNameTakenError } from './oidc.service.js';
import { refundHits, routeCounterKey } from './rateLimitStore.js';
import { safeReturnPath } from './returnTo.js';
import { endView } from './viewAsSessions.js';

const FLOW_COOKIE_PATH = '/api/user/signin';

/** A browser navigation (Accept: text/html) gets a page; fetch and API callers get JSON. */
function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

export function authRoutes(ctx: ServerContext, hub: Pick<HubConnections, 'endWhere'>): RouteImplementation[] {
  const limited = { rateLimit: { max: ctx.config.signInRateLimit, timeWindow: 60_000 } };
  /**
   * A sign-in that succeeded gives back the hits it took (its start and its finish), so the limit
   * counts only failed and abandoned attempts: one address shared by a campus (NAT, a proxy) is
   * not locked out by its users signing in.
   */
  const refundSignIn = (request: FastifyRequest, finish: { readonly method: string; readonly path: string }) =>
    refundHits(ctx.db, ctx.clock, [routeCounterKey(signInRoute.method, signInRoute.path, request.ip), routeCounterKey(finish.method, finish.path, request.ip)])
      .catch((error: unknown) => request.log.warn({ err: error }, 'sign-in rate limit refund failed'));
  const { oidc } = ctx;

  return [
    implement(
      signInRoute,
      async ({ request, reply, query }) => {
        const returnTo = safeReturnPath(query.returnTo, ctx.config.publicOrigin);
        const keepSignedIn = query.keepSignedIn === '1';
        if (request.session) return reply.redirect(returnTo);
        if (oidc) {
          const redirectUri = `${publicOrigin(request, ctx.config.publicOrigin)}/api/user/signin/callback`;
          let started;
          try {
            started = await oidc.start(redirectUri, returnTo, keepSignedIn);
          } catch (error) {
            // The issuer is down or unreachable: a clear 503, not a stack trace.
            request.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'OpenID Connect issuer unreachable');
            reply.header('retry-after', '60').header('cache-control', 'no-store');
            if (!prefersHtml(request)) throw new HttpError(503, 'unavailable', SIGN_IN_UNAVAILABLE_MESSAGE);
            return reply.code(503).type('text/html; charset=utf-8').send(signInUnavailableHtml());
          }
          const { url, pending } = started;
          reply.setCookie(OIDC_FLOW_COOKIE, JSON.stringify(pending), {
            path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: isHttps(request, ctx.config.publicOrigin), signed: true, maxAge: 600,
          });
          return reply.redirect(url.href);
        }
        if (!ctx.config.isDemo) throw new HttpError(503, 'unavailable', 'Sign-in is not configured on this server.');
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(demoPickerHtml(returnTo, keepSignedIn));
      },
      limited,
    ),

    implement(
      signInCallbackRoute,
      async ({ request, reply }) => {
        if (!oidc) throw notFound('Sign-in callback');
        const raw = request.cookies[OIDC_FLOW_COOKIE];
        const unsigned = raw ? request.unsignCookie(raw) : undefined;
        if (!unsigned?.valid || !unsigned.value) throw badRequest('The sign-in attempt expired. Please sign in again.');
        const parsed = z.safeParse(pendingSignInSchema, JSON.parse(unsigned.value));
        if (!parsed.success) throw badRequest('The sign-in attempt expired. Please sign in again.');
        const pending = parsed.data;
        reply.clearCookie(OIDC_FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
        const currentUrl = new URL(request.url, publicOrigin(request, ctx.config.publicOrigin));
        let result;
        try {
          result = await oidc.finish(currentUrl, pending);
        } catch (error) {
          request.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'OIDC sign-in failed');
          throw badRequest('Sign-in with your university account failed. Please try again.');
        }
        let userId: number;
        try {
          userId = await oidc.upsertUser(ctx.db, result.claims);
        } catch (error) {
          if (!(error instanceof UserNameTakenError)) throw error;
          // Another identity claims a user name that is already linked: refused, and the
          // administrators can see it was tried.
          await recordAudit(ctx.db, {
            at: ctx.clock.now(), actorUserId: null, action: 'auth.signin.linkRefused', target: { type: 'user', id: error.userName },
            context: { reason: 'the user name is linked to another identity', ip: request.ip },
          });
          reply.code(403).header('cache-control', 'no-store');
          if (!prefersHtml(request)) throw new HttpError(403, 'forbidden', ACCOUNT_LINK_REFUSED_MESSAGE, { userName: [ACCOUNT_LINK_REFUSED_MESSAGE] });
          return reply.type('text/html; charset=utf-8').send(accountLinkRefusedHtml());
        }
        // A sign-in in the middle of a view replaces both the view and the administrator's own session.
        if (request.session?.viewAs) await endView(ctx.db, request.session.viewAs.id, 'signedOut', ctx.clock.now());
        if (request.session) await ctx.sessions.destroy(request.session.idHash);
        // The choice made when sign-in started, kept in the signed flow cookie (a flow cookie from
        // before it was kept has none: the cookie then ends with the browser, as it did).
        const session = await ctx.sessions.create(userId, 'oidc', { idToken: result.idToken, keepSignedIn: pending.keepSignedIn === true });
        useSessionCookies(request, reply, { ...session, maxAge: cookieMaxAge(session.keepUntil, ctx.clock.now()) }, ctx.xsrf, ctx.config.publicOrigin);
        await refundSignIn(request, signInCallbackRoute);
        return reply.redirect(safeReturnPath(pending.returnTo, ctx.config.publicOrigin));
      },
      limited,
    ),

    implement(signInPickerScriptRoute, async ({ reply }) => {
      if (!ctx.config.isDemo) throw notFound('Demo sign-in');
      return reply.type('text/javascript; charset=utf-8').send(demoPickerScript);
    }),

    implement(
      demoSignInRoute,
      async ({ request, reply, body }) => {
        if (!ctx.config.isDemo) throw notFound('Demo sign-in');
        const user = isDemoPersona(body.userName)
          ? await ctx.db.selectFrom('users').select('id').where('user_name', '=', body.userName).executeTakeFirst()
          : undefined;
        if (!user) throw badRequest('No demo persona has that user name.', { userName: ['No demo persona has that user name.'] });
        if (request.session) await ctx.sessions.destroy(request.session.idHash);
        const created = await ctx.sessions.create(user.id, 'demo', { keepSignedIn: body.keepSignedIn === true });
        useSessionCookies(request, reply, { ...created, maxAge: cookieMaxAge(created.keepUntil, ctx.clock.now()) }, ctx.xsrf, ctx.config.publicOrigin);
        const session = await ctx.sessions.touch(created.id);
        if (!session) throw new Error('A session that was just created could not be read back');
        await refundSignIn(request, demoSignInRoute);
        return toUserInfo(session, ctx.config.sessionIdleMinutes);
      },
      limited,
    ),

    implement(signOutRoute, async ({ request, reply, query }) => {
      if (!request.session) {
        clearAuthCookies(request, reply, ctx.config.publicOrigin);
        return reply.redirect('/landing');
      }
      // Fetch metadata: only a navigation from one of this origin's pages signs out without a click.
      const isAutomatic = request.headers['sec-fetch-site'] === 'same-origin';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(signOutPageHtml({ isEntra: query.entra === 'true', isAutomatic }));
    }),

    implement(signOutScriptRoute, async ({ reply }) => reply.type('text/javascript; charset=utf-8').send(signOutPageScript)),

    implement(signOutSubmitRoute, async ({ request, reply, query }) => {
      const session = request.session;
      clearAuthCookies(request, reply, ctx.config.publicOrigin);
      reply.header('cache-control', 'no-store');
      if (!session) return { location: '/landing' };
      // Signing out of a view signs the administrator out altogether: their kept session goes too.
      if (session.viewAs) await endView(ctx.db, session.viewAs.id, 'signedOut', ctx.clock.now());
      await ctx.sessions.destroy(session.idHash);
      if (query.entra === 'true' && oidc && session.authMethod === 'oidc') {
        const landing = `${publicOrigin(request, ctx.config.publicOrigin)}/landing`;
        try {
          const endSession = await oidc.endSessionUrl(session.idToken, landing);
          if (endSession) return { location: endSession.href };
        } catch (error) {
          // Signed out here already; the provider's session is left when it cannot be reached.
          request.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'OpenID Connect end-session unavailable');
        }
      }
      return { location: '/landing' };
    }),

    implement(signOutEverywhereRoute, async ({ request, reply, user }) => {
      const ended = await ctx.sessions.endAllOf(user.id);
      // This instance's streams close now; other instances' at their next session sweep.
      const hashes = new Set(ended);
      hub.endWhere((owner) => hashes.has(owner.sessionIdHash));
      await recordAudit(ctx.db, {
        at: ctx.clock.now(), actorUserId: user.id, action: 'auth.signOutEverywhere', target: { type: 'user', id: user.id },
        context: { endedSessions: ended.length, ip: request.ip },
      });
      clearAuthCookies(request, reply, ctx.config.publicOrigin);
      reply.header('cache-control', 'no-store');
      return { location: '/landing', endedSessions: ended.length };
    }),
  ];
}
