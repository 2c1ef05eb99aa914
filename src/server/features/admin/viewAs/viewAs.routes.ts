import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  accountViewsRoute,
  usersSearchRoute,
  viewAsLogRoute,
  viewAsStartRoute,
  viewAsStopRoute,
} from '../../../../shared/contract/adminViewAs.js';
import { recordAudit } from '../../../audit/auditLog.js';
import { clearAuthCookies, sessionCookieName, setSessionCookie, setXsrfCookie } from '../../../auth/cookies.js';
import { hashSessionId } from '../../../auth/session.service.js';
import { endView, markHandedBack, openView, unsealAdminSessionId } from '../../../auth/viewAsSessions.js';
import { xsrfSubject } from '../../../auth/xsrf.js';
import type { ServerContext } from '../../../context.js';
import { implement, type RouteImplementation } from '../../../http/contractRoutes.js';
import { HttpError, unauthorized } from '../../../http/errors.js';
import { toUserInfo } from '../../user/userInfo.js';
import { findViewTarget, readAccountViews, readViewAsLog, searchUsers } from './viewAs.service.js';

/** Where a request came from, as the audit keeps it (the user agent cut to a sane length). */
function origin(request: FastifyRequest): { ipAddress: string; userAgent: string | null } {
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

/**
 * Issue 17: an administrator's read-only "view as". Start and stop swap the session cookie (and the
 * antiforgery token) between the administrator's own session and the view's; the read-only check
 * itself lives in the contract pipeline (src/server/http/viewAsGuard.ts).
 */
export function viewAsRoutes(ctx: ServerContext): RouteImplementation[] {
  const { db, config } = ctx;
  const cookieName = sessionCookieName(config.publicOrigin);

  return [
    implement(usersSearchRoute, async ({ query }) => ({ items: await searchUsers(db, query.query) })),

    implement(viewAsStartRoute, async ({ request, reply, body, user }) => {
      const adminSession = request.session;
      // Reached through a lapsed view's cookie, the session is the one handed back, not the cookie's.
      const adminSessionId = adminSession?.reissuedId ?? request.cookies[cookieName];
      if (!adminSessionId || !adminSession) throw unauthorized();
      const target = await findViewTarget(db, body.userName);
      if (!target) throw new HttpError(404, 'No user has that user name.', { userName: ['No user has that user name.'] });
      if (target.isAdministrator) {
        throw new HttpError(403, 'Administrators cannot be viewed as.', { userName: ['Choose a user who is not an administrator.'] });
      }
      const { ipAddress, userAgent } = origin(request);
      // A new session id, as at a sign-in: the view never reuses the administrator's.
      const viewSessionId = randomBytes(32).toString('base64url');
      await db.transaction().execute(async (trx) => {
        const view = await openView(trx, {
          viewSessionId,
          viewSessionHash: hashSessionId(viewSessionId),
          adminSessionId,
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
      setSessionCookie(request, reply, viewSessionId, config.publicOrigin);
      setXsrfCookie(request, reply, ctx.xsrf.issue(xsrfSubject(target.id)), config.publicOrigin);
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
      const view = await db
        .selectFrom('view_as_sessions')
        .select('admin_session_sealed')
        .where('id', '=', session.viewAs.id)
        .executeTakeFirstOrThrow();
      const adminSessionId = unsealAdminSessionId(request.cookies[cookieName] ?? '', view.admin_session_sealed);
      await endView(db, session.viewAs.id, 'stopped', ctx.clock.now(), origin(request));
      await markHandedBack(db, session.viewAs.id, ctx.clock.now());
      const admin = adminSessionId ? await ctx.sessions.touch(adminSessionId) : undefined;
      if (!adminSessionId || !admin) {
        clearAuthCookies(request, reply, config.publicOrigin);
        throw new HttpError(401, 'Your own session has ended. Please sign in again.');
      }
      setSessionCookie(request, reply, adminSessionId, config.publicOrigin);
      setXsrfCookie(request, reply, ctx.xsrf.issue(xsrfSubject(admin.user.id)), config.publicOrigin);
      return toUserInfo(admin, config.sessionIdleMinutes);
    }),

    implement(viewAsLogRoute, async ({ query }) => readViewAsLog(db, query.page ?? 1, ctx.clock.now())),

    // In a view this answers for the viewed user: what they would see on their profile page.
    implement(accountViewsRoute, async ({ user }) => (config.viewAsNotice ? readAccountViews(db, user.id) : [])),
  ];
}
