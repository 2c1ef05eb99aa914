import { cancelClassRoute } from '../../../shared/contract/admin.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { cancelEvent } from '../notifications/timetableChanges.service.js';

/** The admin area's timetable changes (Administrator only, by the contract). */
export function adminTimetableRoutes({ db, notifier }: ServerContext): RouteImplementation[] {
  return [
    implement(cancelClassRoute, async ({ params }) => {
      // 404 for an unknown class; null when it was cancelled already, which is not an error.
      const result = await cancelEvent({ db, notifier }, params.rowId);
      return { rowId: params.rowId, isCancelled: true, notified: result?.notified ?? 0 };
    }),
  ];
}
