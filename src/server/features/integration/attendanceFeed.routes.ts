import { attendanceFeedHeaders, integrationAttendanceRoute } from '../../../shared/contract/integrationAttendance.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { HttpError } from '../../http/errors.js';
import { preferredMediaType } from '../../http/mediaType.js';
import { attendanceFeedCsv } from './attendanceFeed.csv.js';
import { readAttendanceFeed } from './attendanceFeed.service.js';
import { integrationRateKey } from './integration.routes.js';

const formats = ['application/json', 'text/csv'] as const;
type Format = (typeof formats)[number];

export const notAcceptableMessage = 'The attendance feed is available as application/json or text/csv.';

/** JSON unless the Accept header prefers CSV; 406 when it accepts neither. No Accept header, or any type: JSON. */
function formatOf(accept: string | undefined): Format {
  const chosen = preferredMediaType(accept, formats);
  if (!chosen) throw new HttpError(406, 'notAcceptable', notAcceptableMessage, { accept: [notAcceptableMessage] });
  return chosen;
}

/** The attendance feed for machine clients with `attendance:read` (issue 36 §4; docs/attendance-export.md). */
export function attendanceFeedRoutes(ctx: ServerContext): RouteImplementation[] {
  const limited = { rateLimit: { max: ctx.config.integrationRateLimit, timeWindow: 60_000, keyGenerator: integrationRateKey } };
  return [
    implement(integrationAttendanceRoute, async ({ query, request, reply }) => {
      const format = formatOf(request.headers.accept);
      const feed = await readAttendanceFeed(ctx.db, query);
      reply.header('cache-control', 'no-store').header('vary', 'accept');
      if (format === 'application/json') return feed;
      return reply
        .type('text/csv; charset=utf-8')
        .header(attendanceFeedHeaders.nextCursor, feed.nextCursor)
        .header(attendanceFeedHeaders.hasMore, String(feed.hasMore))
        .send(attendanceFeedCsv(feed.items));
    }, limited),
  ];
}
