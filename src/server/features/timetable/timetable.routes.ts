import {
  campusRoute,
  deleteIcalRoute,
  enableIcalRoute,
  getIcalRoute,
  icalFeedRoute,
  roomRoute,
  serverTimeRoute,
  timetableRoute,
} from '../../../shared/contract/timetable.js';
import { linkOrigin } from '../../auth/cookies.js';
import { timetableVersionOf } from '../../auth/sessionCache.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { notFound } from '../../http/errors.js';
import { loadCampus, loadRoom } from './campus.service.js';
import { buildCalendar } from './icalFeed.service.js';
import { deleteSubscription, enableSubscription, feedOwner, loadSubscription } from './icalSubscription.service.js';
import { eventsOf, timetableOwner } from './timetable.queries.js';
import { timetableWindow } from './timetable.service.js';
import { TimetableCache } from './timetableCache.js';

/**
 * Per-user routes read the session user only; none takes a user id. The calendar feed is public
 * (calendar apps cannot sign in): its unguessable id is the credential, and it shows exactly
 * what GET /api/timetable shows its owner.
 */
export function timetableRoutes({ db, config, clock }: ServerContext): RouteImplementation[] {
  const origin = linkOrigin(config);
  const timetables = new TimetableCache(db);
  return [
    implement(timetableRoute, async ({ user, request }) =>
      timetables.answer(timetableOwner(user.id, user.roles), clock.now(), timetableVersionOf(request.session)),
    ),
    implement(serverTimeRoute, ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return clock.now().toISOString();
    }),
    implement(roomRoute, async ({ params }) => loadRoom(db, params.roomId)),
    implement(campusRoute, async () => {
      const campus = await loadCampus(db);
      return config.mapBasemap ? { ...campus, basemap: config.mapBasemap } : campus;
    }),
    implement(getIcalRoute, async ({ user }) => loadSubscription(db, user.id, origin)),
    implement(enableIcalRoute, async ({ user }) => enableSubscription(db, user.id, origin, clock.now())),
    implement(deleteIcalRoute, async ({ user }) => deleteSubscription(db, user.id)),
    implement(icalFeedRoute, async ({ params, reply }) => {
      const owner = await feedOwner(db, params.uniqueId);
      if (!owner || (!owner.isStudent && !owner.isLecturer)) throw notFound('The calendar');
      const rows = await eventsOf(db, owner, timetableWindow(clock.now()));
      const calendar = buildCalendar(rows, new URL(origin).hostname);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="timetable.ics"')
        .send(calendar);
    }),
  ];
}
