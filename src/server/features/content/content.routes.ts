import { supportContentRoute, welcomeWeekRoute } from '../../../shared/contract/content.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';

export function contentRoutes({ config }: ServerContext): RouteImplementation[] {
  return [
    // WELCOME_WEEK_URL, or no url at all: the client then neither caches nor shows the link.
    implement(welcomeWeekRoute, () => (config.welcomeWeekUrl ? { url: config.welcomeWeekUrl } : {})),
    // SUPPORT_URGENT_TEXT, or the default: what to do when help cannot wait for Student Support's reply.
    implement(supportContentRoute, () => ({ urgentHelp: config.support.urgentText })),
  ];
}
