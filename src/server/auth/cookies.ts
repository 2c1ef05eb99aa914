import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.service.js';
import { XSRF_COOKIE } from './xsrf.js';

export const OIDC_FLOW_COOKIE = 'cc_oidc';

/** Secure cookies whenever the caller reached us over https (directly or via a trusted proxy). */
export const isHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(SESSION_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request) });
}

/** The antiforgery cookie is readable by scripts on purpose: the client echoes it in a header. */
export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(XSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'strict', secure: isHttps(request) });
}

export function clearAuthCookies(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isHttps(request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(XSRF_COOKIE, { path: '/', sameSite: 'strict', secure });
}

/** The origin users see: PUBLIC_ORIGIN when configured, else what the request says. */
export function publicOrigin(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.host}`;
}
