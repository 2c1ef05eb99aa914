import { antiforgeryTokenRoute } from '../../shared/contract/antiforgery.js';
import { implement, type RouteImplementation } from '../http/contractRoutes.js';
import type { ServerContext } from '../context.js';
import { setXsrfCookie } from './cookies.js';
import { xsrfSubject } from './xsrf.js';

export function antiforgeryRoutes(ctx: ServerContext): RouteImplementation[] {
  return [
    implement(antiforgeryTokenRoute, async ({ request, reply }) => {
      setXsrfCookie(request, reply, ctx.xsrf.issue(xsrfSubject(request.session?.user.id)), ctx.config.publicOrigin);
      reply.header('cache-control', 'no-store');
    }),
  ];
}
