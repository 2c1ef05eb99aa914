import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { sql } from 'kysely';
import {
  defaultDeactivationThresholdPercent, type ImportProblem, type ImportReport, type ImportSummary,
} from '../../../shared/contract/adminImports.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/inTransaction.js';
import { recordAudit } from '../../audit/auditLog.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import type { Notifier } from '../notifications/notify.service.js';
import { applyStaged } from './apply.js';
import { loadReport, loadSummary, saveProblems } from './batches.js';
import { readBundle } from './bundle/readBundle.js';
import { bundleErrors, type Modes } from './checks.js';
import { statesBeforeBatch, statesOfChangedEvents, tellClassChanges } from './classChanges.js';
import { planBatch } from './plan.js';
import { laterChanges, revertApplied } from './revert.js';
import { stagingSink } from './stage.js';
import { present } from '../../../shared/guards.js';

/**
 * The import pipeline (issue 30), in the states the report shows:
 * upload → `validating` (a job reads, stages and checks the bundle) → `ready` or `invalid`;
 * apply → `applying` (a job) → `applied` or `failed`; revert → `reverting` (a job) → `reverted`.
 * Each job is idempotent: it acts only on a batch in its own state, and a run cut short leaves
 * the batch in that state for the retry. One batch applies or reverts at a time, on any instance
 * (a transaction-level advisory lock).
 */

export interface ImportJobs {
  /** Queues the job that continues a batch (`imports.validate`, `imports.apply`, `imports.revert`). */
  readonly queue: (job: ImportJobName, batchId: number) => Promise<void>;
}

export const importJobNames = ['validate', 'apply', 'revert'] as const;
export type ImportJobName = (typeof importJobNames)[number];

export interface ImportDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly notifier: Notifier;
  readonly jobs: ImportJobs;
  /** Where a validation job unpacks the zip it reads. */
  readonly tempDir: string;
}

export interface NewUpload {
  readonly fileName: string;
  readonly path: string;
  readonly deactivationThresholdPercent?: number;
}

/**
 * Who sent a bundle, when not an administrator (issue 36): a machine client's push or a connector's
 * scheduled pull, and whether it applies itself.
 */
export interface UploadOrigin {
  readonly clientId?: number;
  /** The connector whose run made the bundle (kept on the batch, so the history says which). */
  readonly connectorId?: number;
  /** Apply once validation leaves no error and no warning; otherwise the batch stops at ready or invalid. */
  readonly autoApply?: boolean;
}

/** Only one batch applies or reverts at a time (any instance): the key of that lock. */
const APPLY_LOCK_KEY = 4_711_030;
const UPLOAD_CHUNK_BYTES = 1024 * 1024;

const conflict = (message: string): HttpError => new HttpError(409, 'conflict', message, { state: [message] });

export class ImportService {
  constructor(private readonly deps: ImportDeps) {}

  /** Stores the upload with its batch (state `validating`) and queues its validation. */
  async create(actorUserId: number | null, upload: NewUpload, origin: UploadOrigin = {}): Promise<ImportSummary> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const batchId = await inTransaction(db, async (trx) => {
      const batch = await trx.insertInto('import_batches').values({
        state: 'validating', created_at: now, updated_at: now, created_by_user_id: actorUserId, file_name: upload.fileName,
        created_by_client_id: origin.clientId ?? null, connector_id: origin.connectorId ?? null, auto_apply: origin.autoApply ?? false,
        deactivation_threshold_percent: upload.deactivationThresholdPercent ?? defaultDeactivationThresholdPercent,
      }).returning('id').executeTakeFirstOrThrow();
      let seq = 0;
      for await (const chunk of createReadStream(upload.path, { highWaterMark: UPLOAD_CHUNK_BYTES })) {
        await trx.insertInto('import_uploads').values({ batch_id: batch.id, seq: seq++, chunk: chunk as Buffer }).execute();
      }
      if (actorUserId !== null || origin.clientId !== undefined) {
        await recordAudit(trx, {
          at: now, actorUserId, action: 'import.upload', target: { type: 'importBatch', id: batch.id }, after: { fileName: upload.fileName },
          ...(origin.clientId === undefined ? {} : { context: { integrationClientId: origin.clientId, autoApply: origin.autoApply ?? false } }),
        });
      }
      return batch.id;
    });
    await this.deps.jobs.queue('validate', batchId);
    return present(await loadSummary(db, batchId), 'The import batch');
  }

  async report(batchId: number): Promise<ImportReport> {
    const report = await loadReport(this.deps.db, batchId, async (id) => (await laterChanges(this.deps.db, id)) === 0);
    if (!report) throw notFound('The import');
    return report;
  }

  /** The validation job: reads the zip, stages its rows, checks them and plans the changes. */
  async validate(batchId: number): Promise<void> {
    const { db } = this.deps;
    const batch = await db.selectFrom('import_batches').select(['state', 'deactivation_threshold_percent', 'file_name', 'auto_apply']).where('id', '=', batchId).executeTakeFirst();
    // A validation that committed `applying` but stopped before queuing its apply: queue it now
    // (the apply job's id is the batch's, so a second queuing stores nothing new).
    if (batch?.state === 'applying' && batch.auto_apply) await this.deps.jobs.queue('apply', batchId);
    if (batch?.state !== 'validating') return;
    await db.deleteFrom('import_staged_rows').where('batch_id', '=', batchId).execute();
    await mkdir(this.deps.tempDir, { recursive: true });
    const zipPath = join(this.deps.tempDir, `import-${batchId}-${randomBytes(6).toString('hex')}.zip`);
    try {
      await this.unpackUpload(batchId, zipPath);
      const read = await readBundle(zipPath, stagingSink(db, batchId));
      // Fresh statistics for what was just staged: without them the planner takes a table of
      // hundreds of thousands of rows for an empty one, and checks each reference by a scan.
      await sql`analyze import_staged_rows`.execute(db);
      const modes: Modes = read.manifest?.modes ?? {};
      // Problems of the whole zip name the file the administrator uploaded, not its copy here.
      const named = (p: ImportProblem): ImportProblem => (p.file === basename(zipPath) ? { ...p, file: batch.file_name } : p);
      const errors: ImportProblem[] = read.errors.map(named);
      let warnings: ImportProblem[] = read.warnings.map(named);
      let counts = {};
      if (read.manifest && errors.length === 0) {
        errors.push(...await bundleErrors(db, batchId, modes));
        if (errors.length === 0) {
          const plan = await planBatch(db, batchId, modes, batch.deactivation_threshold_percent);
          counts = plan.counts;
          warnings = [...warnings, ...plan.warnings];
        }
      }
      const isValid = errors.length === 0 && read.moreErrors === 0;
      // A batch asked to apply itself does so when nothing needs a person's eye: no error, no warning.
      const appliesItself = batch.auto_apply && isValid && warnings.length === 0 && read.moreWarnings === 0;
      await inTransaction(db, async (trx) => {
        await saveProblems(trx, batchId, { errors, warnings, moreErrors: read.moreErrors, moreWarnings: read.moreWarnings });
        await trx.updateTable('import_batches').set({
          state: appliesItself ? 'applying' : isValid ? 'ready' : 'invalid',
          source_system_name: read.manifest?.sourceSystemName ?? null,
          source_system_code: read.manifest?.sourceSystemCode ?? null,
          modes: JSON.stringify(modes), counts: JSON.stringify(counts), updated_at: this.deps.clock.now(),
        }).where('id', '=', batchId).where('state', '=', 'validating').execute();
        await trx.deleteFrom('import_uploads').where('batch_id', '=', batchId).execute();
        if (appliesItself) {
          await recordAudit(trx, {
            at: this.deps.clock.now(), actorUserId: null, action: 'import.apply', target: { type: 'importBatch', id: batchId },
            after: { counts }, context: { autoApply: true },
          });
        }
        if (errors.length) await trx.deleteFrom('import_staged_rows').where('batch_id', '=', batchId).execute();
      });
      if (appliesItself) await this.deps.jobs.queue('apply', batchId);
    } finally {
      await rm(zipPath, { force: true });
    }
  }

  private async unpackUpload(batchId: number, path: string): Promise<void> {
    const out = createWriteStream(path);
    const { db } = this.deps;
    try {
      for (let seq = 0; ; seq++) {
        const row = await db.selectFrom('import_uploads').select('chunk').where('batch_id', '=', batchId).where('seq', '=', seq).executeTakeFirst();
        if (!row) break;
        if (!out.write(row.chunk)) await once(out, 'drain');
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
  }

  /** Asks for a `ready` batch to be applied (409 otherwise; 400 while warnings stand unaccepted). */
  async requestApply(actorUserId: number | null, batchId: number, acceptWarnings: boolean): Promise<ImportSummary> {
    const { db, clock } = this.deps;
    await inTransaction(db, async (trx) => {
      const batch = await trx.selectFrom('import_batches').select(['state', 'counts']).where('id', '=', batchId).forUpdate().executeTakeFirst();
      if (!batch) throw notFound('The import');
      if (batch.state !== 'ready') throw conflict(`Only a validated import can be applied; this one is ${batch.state}.`);
      const warnings = await trx.selectFrom('import_problems').select('code').where('batch_id', '=', batchId).where('severity', '=', 'warning').execute();
      if (warnings.length > 0 && !acceptWarnings) {
        const message = 'This import has warnings. Read them, then accept them to apply it.';
        throw badRequest(message, { acceptWarnings: [message] });
      }
      await trx.updateTable('import_batches').set({ state: 'applying', accepted_warnings: acceptWarnings, updated_at: clock.now() }).where('id', '=', batchId).execute();
      if (actorUserId !== null) {
        await recordAudit(trx, {
          at: clock.now(), actorUserId, action: 'import.apply', target: { type: 'importBatch', id: batchId },
          after: { counts: batch.counts }, context: { acceptedWarnings: warnings.map((w) => w.code) },
        });
      }
    });
    await this.deps.jobs.queue('apply', batchId);
    return present(await loadSummary(db, batchId), 'The import batch');
  }

  /** The apply job: everything in one transaction, then the class-change notifications. */
  async apply(batchId: number): Promise<void> {
    const { db, clock } = this.deps;
    const applied = await inTransaction(db, async (trx) => {
      await sql`select pg_advisory_xact_lock(${APPLY_LOCK_KEY})`.execute(trx);
      const batch = await trx.selectFrom('import_batches').select(['state', 'modes']).where('id', '=', batchId).forUpdate().executeTakeFirst();
      if (batch?.state !== 'applying') return false;
      const now = clock.now();
      // What this batch changes is written afresh: a run cut short left nothing (one transaction).
      await trx.deleteFrom('import_changes').where('batch_id', '=', batchId).execute();
      await applyStaged(trx, batchId, batch.modes, now);
      await trx.deleteFrom('import_staged_rows').where('batch_id', '=', batchId).execute();
      await trx.updateTable('import_batches').set({ state: 'applied', applied_at: now, updated_at: now }).where('id', '=', batchId).execute();
      return true;
    });
    if (!applied) return;
    await tellClassChanges(db, this.deps.notifier, await statesBeforeBatch(db, batchId), clock.now(), `import:${batchId}:apply`);
  }

  /** Marks a batch failed after its job gave up (its changes were rolled back with the transaction). */
  async markFailed(batchId: number, from: 'validating' | 'applying' | 'reverting'): Promise<void> {
    const next = from === 'reverting' ? 'applied' : 'failed';
    await this.deps.db.updateTable('import_batches').set({ state: next, updated_at: this.deps.clock.now() })
      .where('id', '=', batchId).where('state', '=', from).execute();
  }

  /** Asks for an `applied` batch to be reverted (409 unless applied and no later batch changed its records). */
  async requestRevert(actorUserId: number, batchId: number): Promise<ImportSummary> {
    const { db, clock } = this.deps;
    await inTransaction(db, async (trx) => {
      const batch = await trx.selectFrom('import_batches').select('state').where('id', '=', batchId).forUpdate().executeTakeFirst();
      if (!batch) throw notFound('The import');
      if (batch.state !== 'applied') throw conflict(`Only an applied import can be reverted; this one is ${batch.state}.`);
      if ((await laterChanges(trx, batchId)) > 0) {
        throw conflict('A later import changed the same records. Revert that import first.');
      }
      await trx.updateTable('import_batches').set({ state: 'reverting', updated_at: clock.now() }).where('id', '=', batchId).execute();
      await recordAudit(trx, { at: clock.now(), actorUserId, action: 'import.revert', target: { type: 'importBatch', id: batchId } });
    });
    await this.deps.jobs.queue('revert', batchId);
    return present(await loadSummary(db, batchId), 'The import batch');
  }

  /** The revert job. */
  async revert(batchId: number): Promise<void> {
    const { db, clock } = this.deps;
    const seen = await inTransaction(db, async (trx) => {
      await sql`select pg_advisory_xact_lock(${APPLY_LOCK_KEY})`.execute(trx);
      const batch = await trx.selectFrom('import_batches').select('state').where('id', '=', batchId).forUpdate().executeTakeFirst();
      if (batch?.state !== 'reverting') return undefined;
      if ((await laterChanges(trx, batchId)) > 0) {
        await trx.updateTable('import_batches').set({ state: 'applied', updated_at: clock.now() }).where('id', '=', batchId).execute();
        return undefined;
      }
      const before = await statesOfChangedEvents(trx, batchId);
      const now = clock.now();
      await revertApplied(trx, batchId, now);
      await trx.updateTable('import_batches').set({ state: 'reverted', reverted_at: now, updated_at: now }).where('id', '=', batchId).execute();
      return before;
    });
    if (!seen) return;
    await tellClassChanges(db, this.deps.notifier, seen, clock.now(), `import:${batchId}:revert`);
  }
}

