import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostXsrfCookieName } from '../../shared/contract/antiforgery.js';
import type { Config } from '../config.js';
import { SESSION_COOKIE } from './session.service.js';
import { XSRF_COOKIE, xsrfSubject, type XsrfTokens } from './xsrf.js';

export const OIDC_FLOW_COOKIE = 'cc_oidc';
/** While an administrator views as someone (issue 17): their own session, to be handed back. */
export const ADMIN_SESSION_COOKIE = 'cc_admin_session';

const isHttpsOrigin = (publicOrigin: string | undefined): boolean => publicOrigin?.startsWith('https://') ?? false;

/**
 * Secure cookies whenever users reach us over https: the public origin is https (whatever the
 * connection behind a proxy says), or the request itself came over https (directly or through a
 * trusted proxy).
 */
export const isHttps = (request: FastifyRequest, publicOrigin?: string): boolean => isHttpsOrigin(publicOrigin) || request.protocol === 'https';

/**
 * The session cookie's name. Behind an https public origin it carries the `__Host-` prefix, so the
 * browser takes it only when Secure, for path `/` and without a Domain: no subdomain or plain-http
 * page can plant or overwrite it.
 */
export function sessionCookieName(publicOrigin: string | undefined): string {
  return isHttpsOrigin(publicOrigin) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The administrator's own session cookie during a view, `__Host-` prefixed like the session cookie. */
export function adminSessionCookieName(publicOrigin: string | undefined): string {
  return isHttpsOrigin(publicOrigin) ? `__Host-${ADMIN_SESSION_COOKIE}` : ADMIN_SESSION_COOKIE;
}

/**
 * The antiforgery cookie's name: `__Host-XSRF-TOKEN` behind an https public origin, so a sibling
 * subdomain or a plain-http page cannot plant the value a write is checked against.
 */
export function xsrfCookieName(publicOrigin: string | undefined): string {
  return isHttpsOrigin(publicOrigin) ? hostXsrfCookieName : XSRF_COOKIE;
}

/**
 * How long a session's cookies last, in seconds (Max-Age): until the session's absolute expiry
 * when the user chose "Keep me signed in on this device" (`keepUntil`, issue 34 §5); undefined
 * otherwise, so they end with the browser. Max-Age alone, not Expires: it counts from when the
 * browser receives it, so a device whose clock is wrong keeps the cookie just as long.
 */
export function cookieMaxAge(keepUntil: Date | null | undefined, now: Date): number | undefined {
  if (!keepUntil) return undefined;
  return Math.max(0, Math.floor((keepUntil.getTime() - now.getTime()) / 1000));
}

const lifetime = (maxAge: number | undefined) => (maxAge === undefined ? {} : { maxAge });

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string, publicOrigin: string | undefined, maxAge?: number): void {
  reply.setCookie(sessionCookieName(publicOrigin), id, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request, publicOrigin), ...lifetime(maxAge) });
}

/** Keeps the administrator's own session id aside while their browser holds a view's session. */
export function setAdminSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string, publicOrigin: string | undefined, maxAge?: number): void {
  reply.setCookie(adminSessionCookieName(publicOrigin), id, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request, publicOrigin), ...lifetime(maxAge) });
}

export function clearAdminSessionCookie(request: FastifyRequest, reply: FastifyReply, publicOrigin: string | undefined): void {
  reply.clearCookie(adminSessionCookieName(publicOrigin), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request, publicOrigin) });
}

/** The antiforgery cookie is readable by scripts on purpose: the client echoes it in a header. */
export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string, publicOrigin: string | undefined, maxAge?: number): void {
  reply.setCookie(xsrfCookieName(publicOrigin), token, { path: '/', httpOnly: false, sameSite: 'strict', secure: isHttps(request, publicOrigin), ...lifetime(maxAge) });
}

/**
 * Points the browser at a session it now holds: the session cookie, an antiforgery token bound to
 * that session, and no administrator's cookie left over from a view. Both cookies last as the
 * session's "Keep me signed in" choice says (`maxAge`, from `cookieMaxAge`): every place that
 * issues them again passes the session's stored choice, so it is never lost.
 */
export function useSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { readonly id: string; readonly idHash: string; readonly maxAge: number | undefined },
  xsrf: XsrfTokens,
  publicOrigin: string | undefined,
): void {
  setSessionCookie(request, reply, session.id, publicOrigin, session.maxAge);
  setXsrfCookie(request, reply, xsrf.issue(xsrfSubject(session)), publicOrigin, session.maxAge);
  if (request.cookies[adminSessionCookieName(publicOrigin)] !== undefined) clearAdminSessionCookie(request, reply, publicOrigin);
}

export function clearAuthCookies(request: FastifyRequest, reply: FastifyReply, publicOrigin: string | undefined): void {
  const secure = isHttps(request, publicOrigin);
  reply.clearCookie(sessionCookieName(publicOrigin), { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(xsrfCookieName(publicOrigin), { path: '/', sameSite: 'strict', secure });
  if (request.cookies[adminSessionCookieName(publicOrigin)] !== undefined) clearAdminSessionCookie(request, reply, publicOrigin);
}

/** The origin users see: PUBLIC_ORIGIN when configured, else what the request says. */
export function publicOrigin(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.host}`;
}

/**
 * The origin to put in links the server hands out (calendar feed URLs): PUBLIC_ORIGIN, or, when it
 * is unset (local use only; production requires it), the address the server listens on. Never the
 * request's Host header, which the caller chooses.
 */
export function linkOrigin(config: Pick<Config, 'publicOrigin' | 'host' | 'port'>): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = config.host === '0.0.0.0' || config.host === '::' || config.host === '' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
