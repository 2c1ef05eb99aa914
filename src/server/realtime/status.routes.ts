import { sql } from 'kysely';
import { clearMaintenanceRoute, healthRoute, setMaintenanceRoute, statusListRoute } from '../../shared/contract/realtime.js';
import type { ServerContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { implement, type RouteImplementation } from '../http/contractRoutes.js';
import { readStatuses, setMaintenance } from './statusStore.js';

/** The health probe (the demo's status checks call it) and the administrators' maintenance switch. */
export function statusRoutes({ db }: ServerContext): RouteImplementation[] {
  return [
    implement(healthRoute, async () => {
      try {
        await sql`SELECT 1`.execute(db);
      } catch {
        throw new HttpError(503, 'The database is not answering.');
      }
      return { status: 'ok' as const };
    }),
    implement(statusListRoute, async () => (await readStatuses(db)).statuses),
    implement(setMaintenanceRoute, async ({ params, body, user }) => {
      const now = new Date();
      const until = Date.parse(body.until);
      if (!(until > now.getTime()) || until > now.getTime() + 366 * 86_400_000) throw badRequest('One or more fields are invalid.', { until: ['The end of the maintenance must be in the future, and within a year.'] });
      return setMaintenance(db, user.id, params.serviceId, body, now);
    }),
    implement(clearMaintenanceRoute, async ({ params, user }) => setMaintenance(db, user.id, params.serviceId, null)),
  ];
}
