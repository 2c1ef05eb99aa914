import { antiforgeryTokenRoute } from '../../shared/contract/antiforgery.js';
import { implement, type RouteImplementation } from '../http/contractRoutes.js';
import type { ServerContext } from '../context.js';
import { cookieMaxAge, setXsrfCookie, xsrfCookieName } from './cookies.js';
import { xsrfSubject } from './xsrf.js';

export function antiforgeryRoutes(ctx: ServerContext): RouteImplementation[] {
  return [
    implement(antiforgeryTokenRoute, ({ request, reply }) => {
      const subject = xsrfSubject(request.session);
      // A cookie still valid for this caller is kept: the page and the service worker both ask,
      // and rotating it under one of them would refuse a write it is sending at that moment.
      const cookie = request.cookies[xsrfCookieName(ctx.config.publicOrigin)];
      const token = cookie && ctx.xsrf.isValid(subject, cookie, cookie) ? cookie : ctx.xsrf.issue(subject);
      // It lasts as long as the session's cookie ("Keep me signed in"), or ends with the browser like it.
      setXsrfCookie(request, reply, token, ctx.config.publicOrigin, cookieMaxAge(request.session?.keepUntil, ctx.clock.now()));
      reply.header('cache-control', 'no-store');
      // The same token in the body, for the service worker's replays (it cannot read cookies).
      return { token };
    }),
  ];
}
