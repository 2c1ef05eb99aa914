import { sql } from 'kysely';
import { clearMaintenanceRoute, healthRoute, setMaintenanceRoute, statusListRoute } from '../../shared/contract/realtime.js';
import type { ServerContext } from '../context.js';
import { UploadsWritability } from '../features/absences/uploadsWritable.js';
import { badRequest, HttpError } from '../http/errors.js';
import { implement, type RouteImplementation } from '../http/contractRoutes.js';
import { readStatuses, setMaintenance } from './statusStore.js';

/**
 * The health probe (the demo's status checks and load balancers call it) and the administrators'
 * maintenance switch. An instance whose uploads folder cannot be written is unhealthy (503) too,
 * so that a load balancer sends uploads elsewhere (uploadsWritable.ts: cheap, probed at most every 10 s).
 */
export function statusRoutes({ db, config, clock }: ServerContext): RouteImplementation[] {
  const uploads = new UploadsWritability(config.uploadsDir);
  return [
    implement(healthRoute, async () => {
      try {
        await sql`SELECT 1`.execute(db);
      } catch {
        throw new HttpError(503, 'The database is not answering.');
      }
      if (!(await uploads.isWritable())) {
        throw new HttpError(503, 'This instance cannot store uploads: its uploads folder cannot be written.', { uploads: ['unwritable'] });
      }
      return { status: 'ok' as const, uploads: 'ok' as const };
    }),
    implement(statusListRoute, async () => (await readStatuses(db, clock.now())).statuses),
    implement(setMaintenanceRoute, async ({ params, body, user }) => {
      const now = clock.now();
      const until = Date.parse(body.until);
      if (!(until > now.getTime()) || until > now.getTime() + 366 * 86_400_000) throw badRequest('One or more fields are invalid.', { until: ['The end of the maintenance must be in the future, and within a year.'] });
      return setMaintenance(db, user.id, params.serviceId, body, now);
    }),
    implement(clearMaintenanceRoute, async ({ params, user }) => setMaintenance(db, user.id, params.serviceId, null, clock.now())),
  ];
}
