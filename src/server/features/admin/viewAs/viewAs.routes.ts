import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  accountViewsRoute,
  endUserSessionsRoute,
  usersSearchRoute,
  viewAsLogRoute,
  viewAsStartRoute,
  viewAsStopRoute,
} from '../../../../shared/contract/adminViewAs.js';
import { recordAudit } from '../../../audit/auditLog.js';
import {
  adminSessionCookieName,
  clearAuthCookies,
  cookieMaxAge,
  sessionCookieName,
  setAdminSessionCookie,
  setSessionCookie,
  setXsrfCookie,
  useSessionCookies,
} from '../../../auth/cookies.js';
import { hashSessionId } from '../../../auth/session.service.js';
import { endView, openView } from '../../../auth/viewAsSessions.js';
import { xsrfSubject } from '../../../auth/xsrf.js';
import type { ServerContext } from '../../../context.js';
import type { HubConnections } from '../../../realtime/hubConnections.js';
import { implement, type RouteImplementation } from '../../../http/contractRoutes.js';
import { HttpError, notFound, unauthorized } from '../../../http/errors.js';
import { toUserInfo } from '../../user/userInfo.js';
import { findViewTarget, readAccountViews, readViewAsLog, searchUsers } from './viewAs.service.js';

/** Where a request came from, as the audit keeps it (the user agent cut to a sane length). */
function origin(request: FastifyRequest): { ipAddress: string; userAgent: string | null } {
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

/**
 * Issue 17: an administrator's read-only "view as". Start puts the view's session in the session
 * cookie and the administrator's own aside in cc_admin_session; stop puts it back (each with an
 * antiforgery token bound to the session now held). The read-only check itself lives in the
 * contract pipeline (src/server/http/viewAsGuard.ts).
 */
export function viewAsRoutes(ctx: ServerContext, hub: Pick<HubConnections, 'endWhere'>): RouteImplementation[] {
  const { db, config } = ctx;
  const cookieName = sessionCookieName(config.publicOrigin);
  const adminCookieName = adminSessionCookieName(config.publicOrigin);

  return [
    implement(usersSearchRoute, async ({ query }) => ({ items: await searchUsers(db, query.query) })),

    implement(viewAsStartRoute, async ({ request, reply, body, user }) => {
      const adminSession = request.session;
      // Handed back in this very request (a lapsed view), the session is the administrator's cookie's.
      const adminSessionId = adminSession?.reissuedId ?? request.cookies[cookieName];
      if (!adminSessionId || !adminSession) throw unauthorized();
      const target = await findViewTarget(db, body.userName);
      if (!target) throw new HttpError(404, 'notFound', 'No user has that user name.', { userName: ['No user has that user name.'] });
      if (target.isAdministrator) {
        throw new HttpError(403, 'forbidden', 'Administrators cannot be viewed as.', { userName: ['Choose a user who is not an administrator.'] });
      }
      const { ipAddress, userAgent } = origin(request);
      // A new session id, as at a sign-in: the view never reuses the administrator's.
      const viewSessionId = randomBytes(32).toString('base64url');
      const viewSessionHash = hashSessionId(viewSessionId);
      await db.transaction().execute(async (trx) => {
        const view = await openView(trx, {
          viewSessionHash,
          adminSessionHash: adminSession.idHash,
          adminUserId: user.id,
          viewedUserId: target.id,
          reason: body.reason,
          ipAddress,
          userAgent,
          idleMinutes: config.sessionIdleMinutes,
        }, ctx.clock.now());
        await recordAudit(trx, {
          at: ctx.clock.now(),
          actorUserId: user.id,
          action: 'admin.viewAs.start',
          target: { type: 'user', id: target.id },
          context: { userName: body.userName, reason: body.reason, ipAddress, userAgent, viewAsSessionId: view.viewAsId, expiresAt: view.expiresAt.toISOString() },
        });
      });
      // The view's cookies end with the browser; the administrator's own keeps their sign-in's choice.
      setSessionCookie(request, reply, viewSessionId, config.publicOrigin);
      setAdminSessionCookie(request, reply, adminSessionId, config.publicOrigin, cookieMaxAge(adminSession.keepUntil, ctx.clock.now()));
      setXsrfCookie(request, reply, ctx.xsrf.issue(xsrfSubject({ idHash: viewSessionHash })), config.publicOrigin);
      const view = await ctx.sessions.touch(viewSessionId);
      if (!view?.viewAs) throw new Error('A view-as session that was just opened could not be read back');
      reply.header('cache-control', 'no-store');
      return toUserInfo(view, config.sessionIdleMinutes);
    }),

    implement(viewAsStopRoute, async ({ request, reply }) => {
      const session = request.session;
      if (!session) throw unauthorized();
      reply.header('cache-control', 'no-store');
      // Not viewing (a second click, or the view lapsed already): the administrator is themselves.
      if (!session.viewAs) return toUserInfo(session, config.sessionIdleMinutes);
      // Only the administrator's own cookie hands their session back, and only the one this view kept aside.
      const adminSessionId = request.cookies[adminCookieName];
      const isKeptAside = adminSessionId !== undefined && hashSessionId(adminSessionId) === session.viewAs.adminSessionHash;
      await endView(db, session.viewAs.id, 'stopped', ctx.clock.now(), origin(request));
      const admin = isKeptAside ? await ctx.sessions.touch(adminSessionId) : undefined;
      if (!adminSessionId || !admin || admin.viewAs) {
        clearAuthCookies(request, reply, config.publicOrigin);
        throw new HttpError(401, 'unauthorized', 'Your own session has ended. Please sign in again.');
      }
      const maxAge = cookieMaxAge(admin.keepUntil, ctx.clock.now());
      useSessionCookies(request, reply, { id: adminSessionId, idHash: admin.idHash, maxAge }, ctx.xsrf, config.publicOrigin);
      return toUserInfo(admin, config.sessionIdleMinutes);
    }),

    implement(viewAsLogRoute, async ({ query }) => readViewAsLog(db, query.page ?? 1, ctx.clock.now())),

    // In a view this answers for the viewed user: what they would see on their profile page.
    implement(accountViewsRoute, async ({ user }) => (config.viewAsNotice ? readAccountViews(db, user.id) : [])),

    implement(endUserSessionsRoute, async ({ request, params, user }) => {
      const target = await db.selectFrom('users').select(['id', 'user_name']).where('id', '=', params.rowId).executeTakeFirst();
      if (!target) throw notFound('User');
      const ended = await ctx.sessions.endAllOf(target.id);
      // This instance's streams close now; other instances' at their next session sweep.
      const hashes = new Set(ended);
      hub.endWhere((owner) => hashes.has(owner.sessionIdHash));
      await recordAudit(db, {
        at: ctx.clock.now(), actorUserId: user.id, action: 'admin.users.endSessions', target: { type: 'user', id: target.id },
        context: { userName: target.user_name, endedSessions: ended.length, ...origin(request) },
      });
      return { endedSessions: ended.length };
    }),
  ];
}
