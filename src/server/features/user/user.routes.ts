import { anonymousUserInfo, userInfoRoute } from '../../../shared/contract/user.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { toUserInfo } from './userInfo.js';

export function userRoutes(ctx: ServerContext): RouteImplementation[] {
  return [
    implement(userInfoRoute, ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      return request.session ? toUserInfo(request.session, ctx.config.sessionIdleMinutes) : anonymousUserInfo;
    }),
  ];
}
