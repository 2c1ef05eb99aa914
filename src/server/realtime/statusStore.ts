import { sql, type Transaction } from 'kysely';
import { serviceStates, statusFeatures, type MaintenanceBody, type ServiceStatus } from '../../shared/contract/realtime.js';
import { recordAudit } from '../audit/auditLog.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { StatusCheck } from './statusChecks.js';
import { nextCheckState, type CheckResult } from './statusRules.js';
import type { ServiceState } from '../../shared/contract/realtime.js';
import { isOneOf } from '../../shared/guards.js';

/** The channel every instance LISTENs on; the payload is only the new version. */
export const STATUS_CHANNEL = 'service_status';

/** A service as the status checks know it. */
export type MonitoredService = Pick<StatusCheck, 'id' | 'name' | 'feature'>;

type Row = Awaited<ReturnType<typeof selectRows>>[number];

const selectRows = (db: Db | Transaction<Database>) => db.selectFrom('service_statuses').selectAll().orderBy('name').orderBy('id').execute();

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A row as the feed shows it: a maintenance window in force overrides what the checks say. */
function toStatus(row: Row, now: Date): ServiceStatus {
  const until = row.maintenance_until ? new Date(row.maintenance_until) : null;
  const isMaintenance = until !== null && until > now && row.maintenance_message !== null;
  return {
    id: row.id,
    name: row.name,
    feature: isOneOf(statusFeatures, row.feature) ? row.feature : null,
    state: isMaintenance ? 'maintenance' : isOneOf(serviceStates, row.check_state) ? row.check_state : 'unknown',
    since: (isMaintenance ? iso(row.maintenance_since) : null) ?? iso(row.check_since) ?? now.toISOString(),
    lastCheckedAt: iso(row.last_checked_at),
    responseTimeMs: row.response_time_ms,
    maintenance: isMaintenance && until ? { message: row.maintenance_message ?? '', until: until.toISOString() } : null,
  };
}

/** Every service's current status and the newest version among them (0 for none). */
export async function readStatuses(db: Db, now: Date): Promise<{ version: number; statuses: ServiceStatus[] }> {
  const rows = await selectRows(db);
  const version = rows.reduce((max, row) => Math.max(max, Number(row.version)), 0);
  const removed = await sql<{ v: number }>`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::bigint AS v FROM service_status_version_seq`.execute(db);
  // A removed service also changes the list: the sequence's value covers that.
  return { version: Math.max(version, Number(removed.rows[0]?.v ?? 0)), statuses: rows.map((row) => toStatus(row, now)) };
}

/** Takes a new version and tells every instance (delivered when the transaction commits). */
async function bump(trx: Transaction<Database>, id: string): Promise<void> {
  const { rows } = await sql<{ version: number }>`
    UPDATE service_statuses SET version = nextval('service_status_version_seq') WHERE id = ${id} RETURNING version`.execute(trx);
  if (rows[0]) await sql`SELECT pg_notify(${STATUS_CHANNEL}, ${String(rows[0].version)})`.execute(trx);
}

async function notifyCurrent(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_notify(${STATUS_CHANNEL}, nextval('service_status_version_seq')::text)`.execute(trx);
}

/** Makes the table list exactly the configured services (new ones start unknown). */
export async function syncServices(db: Db, services: readonly MonitoredService[], now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await selectRows(trx);
    const ids = new Set(services.map((service) => service.id));
    const gone = rows.filter((row) => !ids.has(row.id)).map((row) => row.id);
    let isChanged = gone.length > 0;
    if (gone.length > 0) await trx.deleteFrom('service_statuses').where('id', 'in', gone).execute();
    for (const service of services) {
      const row = rows.find((candidate) => candidate.id === service.id);
      if (row && row.name === service.name && row.feature === (service.feature ?? null)) continue;
      isChanged = true;
      await trx
        .insertInto('service_statuses')
        .values({ id: service.id, name: service.name, feature: service.feature ?? null, check_since: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: service.name, feature: service.feature ?? null, version: sql<number>`nextval('service_status_version_seq')` }))
        .execute();
    }
    if (isChanged) await notifyCurrent(trx);
  });
}

/** Stores one check result; a change of state takes a new version and is announced. */
export async function recordCheckResult(db: Db, id: string, result: CheckResult, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('service_statuses').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return;
    const next = nextCheckState(row.consecutive_failures, result);
    await recordState(trx, row, next.state, next.failures, result.responseTimeMs, now);
  });
}

/** Stores a state read from elsewhere (Pingdom), creating the service when it is new. */
export async function recordReportedState(db: Db, service: MonitoredService, state: ServiceState, responseTimeMs: number | null, checkedAt: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('service_statuses').values({ id: service.id, name: service.name, feature: service.feature ?? null, check_since: checkedAt }).onConflict((oc) => oc.column('id').doNothing()).execute();
    const row = await trx.selectFrom('service_statuses').selectAll().where('id', '=', service.id).forUpdate().executeTakeFirstOrThrow();
    await recordState(trx, row, state, 0, responseTimeMs, checkedAt);
  });
}

async function recordState(trx: Transaction<Database>, row: Row, state: ServiceState, failures: number, responseTimeMs: number | null, now: Date): Promise<void> {
  const isChanged = row.check_state !== state;
  await trx
    .updateTable('service_statuses')
    .set({
      check_state: state,
      consecutive_failures: failures,
      last_checked_at: now,
      response_time_ms: responseTimeMs === null ? null : Math.round(responseTimeMs),
      ...(isChanged ? { check_since: now } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  if (isChanged) await bump(trx, row.id);
}

/** Ends maintenance windows whose time is up, so every instance shows the checks' state again. */
export async function expireMaintenance(db: Db, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('service_statuses')
      .set({ maintenance_message: null, maintenance_until: null, maintenance_since: null })
      .where('maintenance_until', '<=', now)
      .returning('id')
      .execute();
    for (const { id } of ended) await bump(trx, id);
  });
}

/** An administrator sets (body) or clears (null) a service's maintenance window; audited. */
export async function setMaintenance(db: Db, actorUserId: number, id: string, body: MaintenanceBody | null, now: Date): Promise<ServiceStatus> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('service_statuses').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('The service');
    const values = body
      ? { maintenance_message: body.message, maintenance_until: new Date(body.until), maintenance_since: before.maintenance_since ?? now }
      : { maintenance_message: null, maintenance_until: null, maintenance_since: null };
    await trx.updateTable('service_statuses').set(values).where('id', '=', id).execute();
    await bump(trx, id);
    const after = await trx.selectFrom('service_statuses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await recordAudit(trx, {
      at: now,
      actorUserId,
      action: body ? 'admin.status.maintenance.set' : 'admin.status.maintenance.clear',
      target: { type: 'service', id },
      before: { message: before.maintenance_message, until: iso(before.maintenance_until) },
      after: { message: after.maintenance_message, until: iso(after.maintenance_until) },
    });
    return toStatus(after, now);
  });
}
