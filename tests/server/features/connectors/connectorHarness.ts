import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../../src/server/db/database.js';
import { ConnectorService } from '../../../../src/server/features/connectors/connectors.service.js';
import type { UpstreamLimits } from '../../../../src/server/features/connectors/upstream.js';
import { Notifier } from '../../../../src/server/features/notifications/notify.service.js';
import { importHarness } from '../imports/importService.js';

/**
 * The connector service on a test database, with the import service of `importHarness`. No queue
 * runs: `runToEnd` does what the queue would (the run job, then the import's validate and apply
 * jobs and the settle job in turn) until the run ends. The harness's administrator holds the
 * Administrator role, so the notifications of failed runs reach someone.
 */
export async function connectorHarness(db: Db, start: Date, options: { limits?: Partial<UpstreamLimits>; pageSize?: number } = {}) {
  const base = await importHarness(db, start);
  await db.insertInto('user_roles').values({ user_id: base.adminId, role: 'Administrator' }).execute();
  const notifier = new Notifier(db, { send: async () => {} } as never, base.clock);
  const connectors = new ConnectorService({
    db, clock: base.clock, notifier, imports: base.service,
    jobs: { queueRun: async () => {}, queueSettle: async () => {} },
    tempDir: await mkdtemp(join(tmpdir(), 'cc-connector-')),
    limits: { timeoutMs: 5000, maxBodyBytes: 5 * 1024 * 1024, ...options.limits },
    ...(options.pageSize ? { oneRosterPageSize: options.pageSize } : {}),
  });

  const runOf = (runId: number) => db.selectFrom('connector_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();

  /** Runs a run and works its batch through the pipeline until the run ends; returns the run's row. */
  async function runToEnd(runId: number) {
    await connectors.run(runId);
    for (let attempt = 0; attempt < 10; attempt++) {
      const run = await runOf(runId);
      if (run.state !== 'importing' || run.batch_id === null) return run;
      const batch = await db.selectFrom('import_batches').select('state').where('id', '=', run.batch_id).executeTakeFirstOrThrow();
      if (batch.state === 'validating') await base.service.validate(run.batch_id);
      if (batch.state === 'applying') await base.service.apply(run.batch_id);
      await connectors.settle(runId, attempt);
    }
    return runOf(runId);
  }

  /** "Run now", to the end. */
  async function runNow(connectorId: number) {
    const run = await connectors.requestRun(base.adminId, connectorId, 'manual');
    return runToEnd(run.rowId);
  }

  const notificationsOf = () => db.selectFrom('notifications').select(['title', 'body', 'url']).where('user_id', '=', base.adminId).orderBy('id').execute();

  return { ...base, connectors, runToEnd, runNow, notificationsOf };
}

export type ConnectorHarness = Awaited<ReturnType<typeof connectorHarness>>;
