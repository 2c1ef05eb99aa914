import { cancelClassRoute } from '../../../shared/contract/admin.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { cancelEvent } from '../notifications/timetableChanges.service.js';
import { assertMayChangeClass } from '../staff/classAccess.js';

/** Cancelling a class: any administrator, or the class's own lecturer (403 for another's class). */
export function adminTimetableRoutes({ db, notifier, config, clock }: ServerContext): RouteImplementation[] {
  return [
    implement(cancelClassRoute, async ({ user, params }) => {
      // 404 for an unknown class; null when it was cancelled already, which is not an error.
      await assertMayChangeClass(db, user, params.rowId);
      const result = await cancelEvent({ db, notifier, clock }, params.rowId, { actorUserId: user.id, closeMinutes: config.attendanceCloseMinutes, now: clock.now() });
      return { rowId: params.rowId, isCancelled: true, notified: result?.notified ?? 0 };
    }),
  ];
}
