import { sql } from 'kysely';
import { clearMaintenanceRoute, healthRoute, setMaintenanceRoute, statusListRoute } from '../../shared/contract/realtime.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { UploadsWritability } from '../features/absences/uploadsWritable.js';
import { badRequest, HttpError, type ErrorBody } from '../http/errors.js';
import { implement, type RouteImplementation } from '../http/contractRoutes.js';
import { withinTime } from '../withinTime.js';
import { readStatuses, setMaintenance } from './statusStore.js';

/**
 * How long the health probe waits for the database. A load balancer's probe must get its 503
 * quickly even when the database host does not answer at all (the pool would wait longer).
 */
export const HEALTH_TIMEOUT_MS = 2000;

/** Resolves when `SELECT 1` answers within the time; rejects when it fails or takes longer. */
async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  const hasAnswered = await withinTime(sql`SELECT 1`.execute(db).then(() => true), timeoutMs, false);
  if (!hasAnswered) throw new Error(`no answer within ${timeoutMs} ms`);
}

/**
 * A 503 of the health probe: the SPEC §8 body, plus what is wrong as a top-level field
 * (`"database": "unreachable"`, `"uploads": "unwritable"`) for a load balancer's or operator's check.
 */
class HealthProblem extends HttpError {
  constructor(message: string, private readonly part: 'database' | 'uploads', private readonly state: string) {
    super(503, 'unavailable', message, { [part]: [state] });
  }

  override toBody(): ErrorBody & { readonly [part: string]: unknown } {
    return { ...super.toBody(), [this.part]: this.state };
  }
}

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
        await pingDatabase(db, HEALTH_TIMEOUT_MS);
      } catch {
        throw new HealthProblem('The database is not answering.', 'database', 'unreachable');
      }
      if (!(await uploads.isWritable())) {
        throw new HealthProblem('This instance cannot store uploads: its uploads folder cannot be written.', 'uploads', 'unwritable');
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
