import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import type {
  Connector, ConnectorBody, ConnectorRun, ConnectorRunState, ConnectorRunTrigger, ConnectorSettings,
} from '../../../shared/contract/adminConnectors.js';
import { connectorSettingsSchema } from '../../../shared/contract/adminConnectors.js';
import { z } from 'zod/mini';
import { importFileNameMax } from '../../../shared/contract/adminImports.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/inTransaction.js';
import { recordAudit } from '../../audit/auditLog.js';
import { isUniqueViolation } from '../../db/sqlErrors.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import type { ImportService } from '../imports/imports.service.js';
import type { Notifier } from '../notifications/notify.service.js';
import { londonIso } from '../timetable/londonTime.js';
import { rowCount, writeBundle, type BundleFile } from './bundleZip.js';
import { readIcalFeeds } from './icalConnector.js';
import { readOneRoster } from './oneRoster.js';
import { cronProblem, nextRunAfter } from './schedule.js';
import { openSecret, sealSecret } from './secretBox.js';
import { ConnectorError, type UpstreamLimits } from './upstream.js';

/**
 * Connectors (issue 36 §3): set-up, runs and their outcome. A run is a row of `connector_runs` and
 * a durable job: it reads the upstream, writes an import bundle and hands it to the import
 * pipeline (so the same dry-run report, guards, history and revert apply) as a batch that applies
 * itself. Then the run follows its batch (the settle job): a batch that validated with no errors
 * and no warnings applied itself (`applied`); one with warnings stops at `ready` for an
 * administrator (`needsReview`); errors, or a failure to
 * read the upstream, fail the run with the reason. Administrators are notified when a run fails
 * or stops on warnings. A failed read writes nothing: held data stays as it was.
 */

export interface ConnectorJobs {
  /** Queues the run job of a run row, on `within` (so it exists only if the row commits). */
  readonly queueRun: (runId: number, within: Db) => Promise<void>;
  /** Queues the next look at a run's batch, a little later. */
  readonly queueSettle: (runId: number, attempt: number) => Promise<void>;
}

export interface ConnectorDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly notifier: Notifier;
  readonly imports: ImportService;
  readonly jobs: ConnectorJobs;
  /** Where a run writes its bundle before handing it to the pipeline. */
  readonly tempDir: string;
  readonly limits: UpstreamLimits;
  /** Records asked for per OneRoster page (default ONEROSTER_PAGE_SIZE). */
  readonly oneRosterPageSize?: number;
}

/** How many times a run looks at its batch (a few seconds apart) before it gives up on it. */
export const SETTLE_ATTEMPTS = 720;
/** Runs listed per connector. */
const RECENT_RUNS = 10;
const OPEN_STATES = ['queued', 'running', 'importing'] as const satisfies readonly ConnectorRunState[];

const conflict = (message: string): HttpError => new HttpError(409, 'conflict', message, { state: [message] });

interface RunRow {
  id: number;
  connector_id: number;
  trigger: ConnectorRunTrigger;
  state: ConnectorRunState;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  message: string | null;
  batch_id: number | null;
}

const runOf = (r: RunRow): ConnectorRun => ({
  rowId: r.id, trigger: r.trigger, state: r.state, queuedAt: londonIso(r.queued_at),
  startedAt: r.started_at && londonIso(r.started_at), finishedAt: r.finished_at && londonIso(r.finished_at),
  message: r.message, importRowId: r.batch_id,
});

const runColumns = ['id', 'connector_id', 'trigger', 'state', 'queued_at', 'started_at', 'finished_at', 'message', 'batch_id'] as const;

export class ConnectorService {
  constructor(private readonly deps: ConnectorDeps) {}

  // ---- set-up ----

  async list(): Promise<Connector[]> {
    const rows = await this.deps.db.selectFrom('connectors').selectAll().orderBy('name').orderBy('id').execute();
    return Promise.all(rows.map((row) => this.shown(row.id)));
  }

  /** One connector as GET shows it: never its secret, only whether one is set. */
  async shown(id: number): Promise<Connector> {
    const { db } = this.deps;
    const row = await db.selectFrom('connectors').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('The connector');
    const runs = (await db.selectFrom('connector_runs').select(runColumns).where('connector_id', '=', id)
      .orderBy('id', 'desc').limit(RECENT_RUNS).execute()).map(runOf);
    return {
      rowId: row.id, name: row.name, kind: row.kind, schedule: row.schedule, isEnabled: row.is_enabled,
      settings: z.parse(connectorSettingsSchema, row.settings), hasSecret: row.secret_ciphertext !== null,
      nextRunAt: row.next_run_at && londonIso(row.next_run_at), lastRun: runs[0] ?? null, runs,
    };
  }

  private checked(body: ConnectorBody): void {
    const problem = cronProblem(body.schedule);
    if (problem) throw badRequest('The schedule is not valid.', { schedule: [problem] });
    if (body.settings.kind === 'ical' && body.settings.feeds.length === 0 && !body.settings.urlTemplate) {
      const message = 'Give a feed address for at least one teaching group, or an address template with {classCode}.';
      throw badRequest(message, { 'settings.feeds': [message] });
    }
  }

  /** What the audit log keeps of a body: everything but the secret (only whether it changed). */
  private static audited(body: ConnectorBody): Record<string, unknown> {
    return { name: body.name, schedule: body.schedule, isEnabled: body.isEnabled, settings: body.settings, secret: body.secret === undefined ? 'kept' : body.secret === null ? 'removed' : 'set' };
  }

  async create(actorUserId: number, body: ConnectorBody): Promise<Connector> {
    this.checked(body);
    const { db, clock } = this.deps;
    const now = clock.now();
    const secret = body.secret ? await sealSecret(db, now, body.secret) : null;
    const id = await inTransaction(db, async (trx) => {
      const row = await trx.insertInto('connectors').values({
        name: body.name, kind: body.settings.kind, schedule: body.schedule, is_enabled: body.isEnabled,
        settings: JSON.stringify(body.settings), secret_ciphertext: secret,
        next_run_at: body.isEnabled ? nextRunAfter(body.schedule, now) : null,
        created_by_user_id: actorUserId, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, { at: now, actorUserId, action: 'connector.create', target: { type: 'connector', id: row.id }, after: ConnectorService.audited(body) });
      return row.id;
    });
    return this.shown(id);
  }

  async update(actorUserId: number, id: number, body: ConnectorBody): Promise<Connector> {
    this.checked(body);
    const { db, clock } = this.deps;
    const now = clock.now();
    const sealed = body.secret ? await sealSecret(db, now, body.secret) : null;
    await inTransaction(db, async (trx) => {
      const before = await trx.selectFrom('connectors').select(['kind', 'name', 'schedule', 'is_enabled', 'settings']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound('The connector');
      if (before.kind !== body.settings.kind) {
        const message = 'A connector keeps its kind: add a new one for another kind of source.';
        throw badRequest(message, { 'settings.kind': [message] });
      }
      await trx.updateTable('connectors').set({
        name: body.name, schedule: body.schedule, is_enabled: body.isEnabled, settings: JSON.stringify(body.settings),
        ...(body.secret === undefined ? {} : { secret_ciphertext: sealed }),
        next_run_at: body.isEnabled ? nextRunAfter(body.schedule, now) : null, updated_at: now,
      }).where('id', '=', id).execute();
      await recordAudit(trx, {
        at: now, actorUserId, action: 'connector.update', target: { type: 'connector', id },
        before: { name: before.name, schedule: before.schedule, isEnabled: before.is_enabled, settings: before.settings }, after: ConnectorService.audited(body),
      });
    });
    return this.shown(id);
  }

  async remove(actorUserId: number, id: number): Promise<void> {
    const { db, clock } = this.deps;
    await inTransaction(db, async (trx) => {
      const row = await trx.deleteFrom('connectors').where('id', '=', id).returning(['name', 'kind']).executeTakeFirst();
      if (!row) throw notFound('The connector');
      await recordAudit(trx, { at: clock.now(), actorUserId, action: 'connector.delete', target: { type: 'connector', id }, before: { name: row.name, kind: row.kind } });
    });
  }

  // ---- runs ----

  /** Queues a run ("Run now", or the schedule). 409 while the connector has a run waiting or working. */
  async requestRun(actorUserId: number | null, id: number, trigger: ConnectorRunTrigger): Promise<ConnectorRun> {
    const { db, clock } = this.deps;
    const now = clock.now();
    try {
      return await inTransaction(db, async (trx) => {
        const connector = await trx.selectFrom('connectors').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!connector) throw notFound('The connector');
        const open = await trx.selectFrom('connector_runs').select('id').where('connector_id', '=', id).where('state', 'in', OPEN_STATES).executeTakeFirst();
        if (open) throw conflict('This connector already has a run waiting or working.');
        const run = await trx.insertInto('connector_runs').values({ connector_id: id, trigger, state: 'queued', queued_at: now })
          .returning(runColumns).executeTakeFirstOrThrow();
        if (actorUserId !== null) {
          await recordAudit(trx, { at: now, actorUserId, action: 'connector.run', target: { type: 'connector', id }, after: { runId: run.id } });
        }
        await this.deps.jobs.queueRun(run.id, trx);
        return runOf(run);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This connector already has a run waiting or working.');
      throw error;
    }
  }

  /**
   * The schedule's minute tick: queues a run of every enabled connector that is due, and moves its
   * next run on. Connectors are claimed with SKIP LOCKED, so two instances never queue one twice.
   * A connector still busy with an earlier run skips this turn.
   */
  async queueDue(): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return inTransaction(db, async (trx) => {
      const due = await trx.selectFrom('connectors').select(['id', 'schedule']).where('is_enabled', '=', true)
        .where('next_run_at', '<=', now).forUpdate().skipLocked().execute();
      let queued = 0;
      for (const c of due) {
        await trx.updateTable('connectors').set({ next_run_at: nextRunAfter(c.schedule, now) }).where('id', '=', c.id).execute();
        const open = await trx.selectFrom('connector_runs').select('id').where('connector_id', '=', c.id).where('state', 'in', OPEN_STATES).executeTakeFirst();
        if (open) continue;
        const run = await trx.insertInto('connector_runs').values({ connector_id: c.id, trigger: 'schedule', state: 'queued', queued_at: now })
          .returning('id').executeTakeFirstOrThrow();
        await this.deps.jobs.queueRun(run.id, trx);
        queued++;
      }
      return queued;
    });
  }

  /**
   * When the last run whose data was applied (or found nothing new) started: the OneRoster delta
   * asks for what changed since then. A run whose batch waits for review, failed or was reverted
   * does not count, so its changes are asked for again.
   */
  async deltaSince(connectorId: number): Promise<Date | null> {
    const row = await this.deps.db.selectFrom('connector_runs as r').leftJoin('import_batches as b', 'b.id', 'r.batch_id')
      .select(sql<Date | null>`max(r.started_at)`.as('since'))
      .where('r.connector_id', '=', connectorId)
      .where((eb) => eb.or([eb('r.state', '=', 'unchanged'), eb('b.state', '=', 'applied')]))
      .executeTakeFirst();
    return row?.since ?? null;
  }

  /** The run job: reads the upstream and hands a bundle to the import pipeline. */
  async run(runId: number): Promise<void> {
    const { db, clock } = this.deps;
    const started = clock.now();
    const claimed = await db.updateTable('connector_runs').set({ state: 'running', started_at: started })
      .where('id', '=', runId).where('state', 'in', ['queued', 'running']).returning('connector_id').executeTakeFirst();
    if (!claimed) return;
    const connector = await db.selectFrom('connectors').selectAll().where('id', '=', claimed.connector_id).executeTakeFirst();
    if (!connector) return;
    const settings: ConnectorSettings = z.parse(connectorSettingsSchema, connector.settings);
    let files: BundleFile[];
    let warnings: string[] = [];
    try {
      if (settings.kind === 'oneRoster') {
        if (!connector.secret_ciphertext) throw new ConnectorError('No client secret is set for this connector.');
        const secret = await openSecret(db, started, connector.secret_ciphertext);
        files = await readOneRoster(settings, secret, await this.deltaSince(connector.id), this.deps.limits, this.deps.oneRosterPageSize);
      } else {
        ({ files, warnings } = await readIcalFeeds(db, settings, started, this.deps.limits));
      }
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      await this.finish(runId, 'failed', error.message);
      return;
    }
    const notes = warnings.length ? warnings.join('\n').slice(0, 2000) : null;
    if (rowCount(files) === 0) {
      await this.finish(runId, 'unchanged', notes ?? 'Nothing changed upstream.');
      return;
    }
    const source = settings.kind === 'oneRoster'
      ? { systemName: `${connector.name} (OneRoster REST)`, systemCode: `connector-${connector.id}` }
      : { systemName: `${connector.name} (timetable feeds)`, systemCode: `connector-${connector.id}` };
    const path = await writeBundle(this.deps.tempDir, source, files, started);
    try {
      const fileName = `${connector.name} ${started.toISOString().slice(0, 16)}.zip`.slice(-importFileNameMax);
      const batch = await this.deps.imports.create(null, { fileName, path }, { connectorId: connector.id, autoApply: true });
      await db.updateTable('connector_runs').set({ state: 'importing', batch_id: batch.rowId, message: notes }).where('id', '=', runId).execute();
    } finally {
      await rm(path, { force: true });
    }
    await this.deps.jobs.queueSettle(runId, 0);
  }

  /**
   * Follows a run's batch through the pipeline (which applies it by itself once it validates with
   * no error and no warning) and records how it ended. Queues itself again while the batch is
   * still being checked or applied.
   */
  async settle(runId: number, attempt: number): Promise<void> {
    const { db } = this.deps;
    const run = await db.selectFrom('connector_runs').select(['state', 'batch_id']).where('id', '=', runId).executeTakeFirst();
    if (run?.state !== 'importing') return;
    const batch = run.batch_id === null ? undefined
      : await db.selectFrom('import_batches').select('state').where('id', '=', run.batch_id).executeTakeFirst();
    if (!batch || run.batch_id === null) {
      await this.finish(runId, 'failed', 'Its import batch is gone.');
      return;
    }
    const again = async (): Promise<void> => {
      if (attempt + 1 >= SETTLE_ATTEMPTS) await this.finish(runId, 'failed', `Its import (batch ${run.batch_id}) did not finish in time.`);
      else await this.deps.jobs.queueSettle(runId, attempt + 1);
    };
    switch (batch.state) {
      case 'validating':
      case 'applying':
        return again();
      case 'ready': {
        // The batch was made to apply itself: stopping at ready means validation left warnings.
        const warnings = await db.selectFrom('import_problems').select(sql<number>`count(*)::int`.as('n'))
          .where('batch_id', '=', run.batch_id).where('severity', '=', 'warning').executeTakeFirstOrThrow();
        const what = warnings.n > 0 ? `${warnings.n} warning${warnings.n === 1 ? '' : 's'}` : 'warnings';
        await this.finish(runId, 'needsReview', `Its import stopped on ${what}: read the report (batch ${run.batch_id}) and apply it or let it be.`);
        return;
      }
      case 'invalid': {
        const errors = await db.selectFrom('import_problems').select(sql<number>`count(*)::int`.as('n'))
          .where('batch_id', '=', run.batch_id).where('severity', '=', 'error').executeTakeFirstOrThrow();
        await this.finish(runId, 'failed', `Its import was refused with ${errors.n} error${errors.n === 1 ? '' : 's'} (batch ${run.batch_id}); nothing was applied.`);
        return;
      }
      case 'failed':
        await this.finish(runId, 'failed', `Its import failed to apply (batch ${run.batch_id}); nothing was changed.`);
        return;
      case 'applied':
      case 'reverting':
      case 'reverted':
        await this.finish(runId, 'applied', null);
        return;
    }
  }

  /** Ends a run; a failed one, or one that stopped on warnings, is told to the administrators. */
  async finish(runId: number, state: 'applied' | 'unchanged' | 'needsReview' | 'failed', message: string | null): Promise<void> {
    const { db, clock } = this.deps;
    const ended = await db.updateTable('connector_runs').set((eb) => ({ state, finished_at: clock.now(), message: message === null ? eb.ref('message') : message.slice(0, 2000) }))
      .where('id', '=', runId).where('state', 'in', OPEN_STATES).returning(['connector_id', 'batch_id']).executeTakeFirst();
    if (!ended || (state !== 'failed' && state !== 'needsReview')) return;
    const connector = await db.selectFrom('connectors').select('name').where('id', '=', ended.connector_id).executeTakeFirst();
    const name = connector?.name ?? `Connector ${ended.connector_id}`;
    const title = state === 'failed' ? `${name}: the scheduled pull failed` : `${name}: the scheduled pull needs a review`;
    await this.deps.notifier.notify({ roles: ['Administrator'] }, 'General', {
      title: title.slice(0, 200), body: message ?? '', url: ended.batch_id === null ? '/admin/imports' : `/admin/imports/${ended.batch_id}`,
    }, { dedupeKey: `connector-run:${runId}:${state}` });
  }
}
