import { sql } from 'kysely';
import { clearMaintenanceRoute, healthRoute, setMaintenanceRoute, statusListRoute } from '../../shared/contract/realtime.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { badRequest, HttpError } from '../http/errors.js';
import { implement, type RouteImplementation } from '../http/contractRoutes.js';
import { readStatuses, setMaintenance } from './statusStore.js';

/**
 * How long the health probe waits for the database. A load balancer's probe must get its 503
 * quickly even when the database host does not answer at all (the pool would wait longer).
 */
export const HEALTH_TIMEOUT_MS = 2000;

/** Resolves when `SELECT 1` answers within the time; rejects when it fails or takes longer. */
async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`SELECT 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The health probe (the demo's status checks call it) and the administrators' maintenance switch. */
export function statusRoutes({ db }: ServerContext): RouteImplementation[] {
  return [
    implement(healthRoute, async () => {
      try {
        await pingDatabase(db, HEALTH_TIMEOUT_MS);
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
