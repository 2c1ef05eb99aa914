import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import {
  importEntityNames, type ImportCounts, type ImportReport, type ImportState,
} from '../src/shared/contract/adminImports.js';
import { SessionStore } from '../src/server/auth/session.service.js';
import { configureCalendar } from '../src/server/calendar/academicCalendar.js';
import { systemClock } from '../src/server/clock.js';
import { loadConfig } from '../src/server/config.js';
import { createDb, type Db } from '../src/server/db/database.js';
import { jobIdFor, JOB_SCHEMA } from '../src/server/jobs/jobQueue.js';
import { EMBEDDED_USER, passwordFileOf } from '../src/server/db/embeddedCredentials.js';
import { recoverStaleCluster, startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { generateUniversity, writeBundleZip } from '../src/server/db/seed/bundle/index.js';
import { ImportService } from '../src/server/features/imports/imports.service.js';
import { Notifier } from '../src/server/features/notifications/notify.service.js';
import { startBareServer } from './support/bareServer.js';
import { QUICK_SIZE, scaledSize, writeDeltaBundle, type UniversitySize } from './support/importBundles.js';
import { load, type LoadResult } from './support/load.js';
import { byLabel, loggedDb, QueryLog, type SlowStatement } from './support/queryLog.js';
import { sampleRss } from './support/rss.js';
import { signInOver, startBenchServer } from './support/serverProcess.js';

/**
 * Issue 30's import at the size of a large university (the generator's defaults: 35,000 students,
 * 3,000 staff, 2,500 modules, 6,000 groups, 350,000 enrolments, 250,000 events).
 *
 * 1. In this process, on an empty migrated embedded PostgreSQL (default settings), the jobs' own
 *    code (ImportService: create → validate → requestApply → apply) on the bundle, then the same
 *    bundle again (must change nothing), then a 1% delta. Every statement is timed through
 *    Kysely's log hook (support/queryLog.ts), so each step's time is known.
 * 2. In the real server (own process, demo seed, its embedded PostgreSQL): the same bundle uploaded
 *    and applied over HTTP as the admin persona, its RSS sampled every 250 ms; `GET /api/timetable`
 *    for `student` under autocannon while the import applies; then a large-university student's
 *    timetable against the bare-Fastify ceiling, as the server bench measures the demo's.
 *
 * `BENCH_QUICK=1`: a 500-student university, short loads. `BENCH_IMPORT_SCALE=0.1`: the large
 * university at a tenth of its size (to find a slow statement without waiting for the whole).
 * `BENCH_IMPORT_LIMIT_MIN` (default 10): an in-process statement running longer is cancelled; that
 * import is then reported as not finished (with the statement), and what depends on it is skipped.
 */

export interface Phase {
  readonly name: string;
  readonly ms: number;
}

export interface ImportRun {
  readonly name: string;
  readonly validateMs: number;
  readonly applyMs: number;
  readonly validatePhases: readonly Phase[];
  readonly applyPhases: readonly Phase[];
  /** Database time per statement kind, over validate and apply. */
  readonly statements: readonly { label: string; ms: number; count: number }[];
  readonly counts: ImportCounts;
  readonly stagedRows: number;
}

export interface TimetableRatio {
  readonly who: string;
  readonly bodyBytes: number;
  readonly entries: number;
  readonly app: readonly LoadResult[];
  readonly bare: readonly LoadResult[];
}

export interface ServerImport {
  readonly validateMs: number;
  readonly applyMs: number;
  /** From the apply request until its job finished (the notifications after the commit included). */
  readonly jobMs: number;
  /** Records the large university's bulk files deactivated: the demo's, which the seed imported. */
  readonly deactivated: number;
  readonly rssBaselineBytes: number;
  readonly rssPeakBytes: number;
  readonly rssAfterBytes: number;
  readonly idle: LoadResult;
  readonly duringApply: LoadResult & { readonly seconds: number };
  readonly large: TimetableRatio;
  readonly demo: TimetableRatio;
}

/** An in-process import cut short: one of its statements ran over the limit. */
export interface Stopped {
  readonly run: string;
  readonly step: 'validate' | 'apply';
  /** The statement cancelled (as support/queryLog.ts names it). */
  readonly label: string;
  readonly afterMs: number;
  /** How long the cancelled statement had run, and PostgreSQL's message (the statement timeout, or another cancel). */
  readonly statementMs: number;
  readonly message: string;
  /** Database time per statement kind until then. */
  readonly statements: readonly { label: string; ms: number; count: number }[];
}

export type DeltaRun = ImportRun & { readonly movedEvents: number; readonly removedEnrolments: number };

/** Each import is there unless an earlier one was stopped (`stopped`); the server part only when all three finished. */
export interface ImportBenchResult {
  readonly size: UniversitySize;
  /** BENCH_IMPORT_SCALE: the share of the large university's size measured (1 unless asked). */
  readonly scale: number;
  readonly isQuick: boolean;
  readonly limitMinutes: number;
  readonly bundleBytes: number;
  readonly generateMs: number;
  readonly first?: ImportRun;
  readonly again?: ImportRun;
  /** create + update + deactivate of every entity in the second import (0 expected). */
  readonly againChanges?: number;
  readonly delta?: DeltaRun;
  readonly stopped?: Stopped;
  readonly slowest: readonly SlowStatement[];
  readonly server?: ServerImport;
}

/** Thrown by timedImport when PostgreSQL cancelled a statement for running over the limit. */
class StoppedImport extends Error {
  constructor(readonly stopped: Stopped) {
    super(`${stopped.run}: ${stopped.label} ran over the limit`);
  }
}

const isCancelled = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '57014';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const changesOf = (counts: ImportCounts): number =>
  importEntityNames.reduce((sum, e) => sum + counts[e].create + counts[e].update + counts[e].deactivate, 0);

/** The end of the last statement labelled `prefix…` in [from, to], else `from`. */
function lastEnd(log: QueryLog, from: number, to: number, prefix: string): number {
  const ends = log.between(from, to).filter((s) => s.label.startsWith(prefix)).map((s) => s.endAt);
  return ends.length > 0 ? Math.max(...ends) : from;
}

/** Splits [start, end] at the given times (kept in order, never before the previous cut). */
function phasesOf(start: number, cuts: readonly [string, number][], end: number, last: string): Phase[] {
  const phases: Phase[] = [];
  let at = start;
  for (const [name, cut] of cuts) {
    const until = Math.min(end, Math.max(at, cut));
    phases.push({ name, ms: until - at });
    at = until;
  }
  phases.push({ name: last, ms: end - at });
  return phases;
}

/** One import through the jobs' own code, each step timed: upload stored, validated, applied. */
async function timedImport(service: ImportService, db: Db, log: QueryLog, adminId: number, zipPath: string, name: string): Promise<ImportRun> {
  const t0 = performance.now();
  let step: Stopped['step'] = 'validate';
  const stop = (error: unknown): never => {
    if (!isCancelled(error)) throw error;
    const now = performance.now();
    throw new StoppedImport({
      run: name, step, label: log.lastError?.label ?? 'a statement', afterMs: now - t0, statementMs: log.lastError?.ms ?? 0,
      message: error instanceof Error ? error.message : String(error), statements: byLabel(log.between(t0, now)),
    });
  };
  const summary = await service.create(null, { fileName: basename(zipPath), path: zipPath });
  const stored = performance.now();
  const staged = await service.validate(summary.rowId).then(async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::integer as n from import_staged_rows where batch_id = ${summary.rowId}`.execute(db);
    return rows[0]?.n ?? 0;
  }, stop);
  const validated = performance.now();
  const report = await service.report(summary.rowId);
  if (report.state !== 'ready') {
    throw new Error(`${name}: the import is ${report.state}: ${JSON.stringify([...report.errors, ...report.warnings].slice(0, 5))}`);
  }
  step = 'apply';
  const a0 = performance.now();
  await service.requestApply(adminId, report.rowId, true);
  const requested = performance.now();
  await service.apply(report.rowId).catch(stop);
  const a1 = performance.now();
  const applied = await service.report(report.rowId);
  if (applied.state !== 'applied') throw new Error(`${name}: the apply ended ${applied.state}`);

  const unpacked = lastEnd(log, stored, validated, 'validate: unpack');
  const stagedAt = lastEnd(log, unpacked, validated, 'stage rows');
  const checked = lastEnd(log, stagedAt, validated, 'check:');
  const planned = lastEnd(log, checked, validated, 'plan:');
  const cleared = lastEnd(log, requested, a1, 'clear staged rows');
  const committed = log.between(cleared, a1).find((s) => s.label === 'commit')?.endAt ?? cleared;
  return {
    name,
    validateMs: validated - t0,
    applyMs: a1 - a0,
    validatePhases: [
      { name: 'store upload', ms: stored - t0 },
      ...phasesOf(stored, [['unpack', unpacked], ['read + stage', stagedAt], ['checks', checked], ['plan', planned]], validated, 'save report'),
    ],
    applyPhases: [{ name: 'request', ms: requested - a0 }, ...phasesOf(requested, [['transaction', committed]], a1, 'notifications')],
    statements: byLabel(log.between(t0, a1)),
    counts: report.counts,
    stagedRows: staged,
  };
}

function printRun(run: ImportRun): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`[import bench] ${run.name}: validate ${s(run.validateMs)} (${run.validatePhases.map((p) => `${p.name} ${s(p.ms)}`).join(', ')}); apply ${s(run.applyMs)} (${run.applyPhases.map((p) => `${p.name} ${s(p.ms)}`).join(', ')}); ${run.stagedRows} rows staged`);
  console.log(`[import bench]   counts: ${importEntityNames.map((e) => `${e} +${run.counts[e].create} ~${run.counts[e].update} -${run.counts[e].deactivate} =${run.counts[e].unchanged}`).join('; ')}`);
  for (const st of run.statements.slice(0, 15)) console.log(`[import bench]   ${s(st.ms).padStart(8)} ${String(st.count).padStart(6)}× ${st.label}`);
}

type InProcess = Pick<ImportBenchResult, 'first' | 'again' | 'againChanges' | 'delta' | 'stopped' | 'slowest'>;

/** Part 1: the three imports in this process, on a throwaway embedded PostgreSQL; the first stopped ends the part. */
async function inProcess(size: UniversitySize, today: Date, zipPath: string, workDir: string, limitMinutes: number): Promise<InProcess> {
  const dir = join(workDir, 'pg');
  // PostgreSQL's own word on a cancelled or ended statement, should one be cut short.
  const cluster = await startEmbeddedPostgres(dir, (line) => {
    if (/cancel|terminat|FATAL|PANIC|out of memory/i.test(line)) console.log(`[import bench] postgres: ${line.slice(0, 300)}`);
  });
  const log = new QueryLog();
  try {
    const admin = createDb(cluster.connectionString('postgres'), 1);
    await sql`create database bench_import`.execute(admin);
    await admin.destroy();
    const { db, destroy } = loggedDb(cluster.connectionString('bench_import'), log, 4, limitMinutes * 60_000);
    try {
      await migrateToLatest(db);
      const notifier = new Notifier(db, { send: async () => {} } as never, systemClock);
      const service = new ImportService({ db, clock: systemClock, notifier, tempDir: join(workDir, 'jobs'), jobs: { queue: async () => {} } });
      const { id: adminId } = await db.insertInto('users')
        .values({ user_name: 'bench.admin', display_name: 'Bench Admin', first_name: 'Bench', email: '', created_at: today })
        .returning('id').executeTakeFirstOrThrow();
      log.clearSlowest();
      const done: { -readonly [K in keyof InProcess]: InProcess[K] } = { slowest: log.slowest };
      try {
        done.first = await timedImport(service, db, log, adminId, zipPath, 'first import');
        printRun(done.first);
        done.again = await timedImport(service, db, log, adminId, zipPath, 'the same bundle again');
        printRun(done.again);
        done.againChanges = changesOf(done.again.counts);
        console.log(`[import bench] the same bundle again: ${done.againChanges} changes (create + update + deactivate over every entity; 0 expected)`);
        const deltaPath = join(workDir, 'delta.zip');
        const deltaBundle = await writeDeltaBundle({ ...size, today }, deltaPath);
        const delta = await timedImport(service, db, log, adminId, deltaPath, '1% delta');
        done.delta = { ...delta, movedEvents: deltaBundle.movedEvents, removedEnrolments: deltaBundle.removedEnrolments };
        printRun(done.delta);
      } catch (error) {
        if (!(error instanceof StoppedImport)) throw error;
        done.stopped = error.stopped;
        const { run, step, afterMs, label, statementMs, message } = error.stopped;
        console.log(`[import bench] ${run}: stopped in ${step} after ${(afterMs / 60_000).toFixed(1)} min: ${label} cancelled after ${(statementMs / 60_000).toFixed(1)} min (${message})`);
      }
      return { ...done, slowest: [...log.slowest] };
    } finally {
      await destroy();
    }
  } finally {
    await cluster.stop();
  }
}

/** The XSRF-TOKEN value in a Cookie header. */
const xsrfOf = (cookie: string): string => /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '';

async function reportOf(origin: string, cookie: string, rowId: number): Promise<ImportReport> {
  const response = await fetch(`${origin}/api/admin/imports/${rowId}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET import ${rowId}: ${response.status} ${await response.text()}`);
  return (await response.json()) as ImportReport;
}

/** Polls the import until it leaves `from`; answers its report. */
async function settle(origin: string, cookie: string, rowId: number, from: ImportState, pollMs: number): Promise<ImportReport> {
  for (;;) {
    const report = await reportOf(origin, cookie, rowId);
    if (report.state !== from) return report;
    await sleep(pollMs);
  }
}

/** autocannon as load() runs it, but stopped early when `until` settles (or after `seconds`). */
async function loadUntil(url: string, cookie: string, connections: number, seconds: number, until: Promise<unknown>): Promise<LoadResult & { seconds: number }> {
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: { cookie } }, (error: unknown, r: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(r)));
    void until.finally(() => instance.stop());
  });
  return {
    requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99,
    non2xx: result.non2xx, errors: result.errors, cpuMsPerRequest: 0, seconds: (performance.now() - started) / 1000,
  };
}

/** A Db on the server's own embedded PostgreSQL (DATA_DIR/postgres): its port from postmaster.pid, its password from beside it. */
async function serverDb(dataDir: string): Promise<Db> {
  const clusterDir = join(dataDir, 'postgres');
  const port = Number((await readFile(join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const password = (await readFile(passwordFileOf(clusterDir), 'utf8')).split('\n')[0]?.trim() ?? '';
  return createDb(`postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/campus`, 2);
}

/**
 * Waits until the server's apply job of `batchId` has finished: the batch turns \`applied\` when
 * its transaction commits, and the same job then tells people of their changed classes.
 */
async function applyJobDone(db: Db, batchId: number, pollMs: number): Promise<void> {
  const id = jobIdFor(`import:apply:${batchId}`);
  const schema = sql.id(JOB_SCHEMA);
  for (;;) {
    const { rows } = await sql<{ state: string }>`
      select state from ${schema}.job where id = ${id}::uuid
      union all select state from ${schema}.archive where id = ${id}::uuid`.execute(db);
    const state = rows[0]?.state;
    if (state === 'completed') return;
    if (state === 'failed' || state === 'cancelled') throw new Error(`the server's apply job ${state}`);
    await sleep(pollMs);
  }
}

/** Waits (up to `timeoutMs`) until the server runs no job, so that stopping it cuts none short. */
async function jobsIdle(db: Db, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const { rows } = await sql<{ n: number }>`select count(*)::integer as n from ${sql.id(JOB_SCHEMA)}.job where state = 'active'`.execute(db);
    if ((rows[0]?.n ?? 0) === 0) return;
    await sleep(500);
  }
}

/** The large university's first student (`s0000001`), with a timetable, signed in as an identity provider sign-in leaves a user. */
async function largeStudentCookie(db: Db): Promise<{ cookie: string; userName: string }> {
  const { rows } = await sql<{ id: number; user_name: string }>`
    select u.id, u.user_name from users u
    join enrolments n on n.student_user_id = u.id and n.is_active
    join timetable_events e on e.group_id = n.group_id and e.is_active
    where u.sourced_id = (select min(x.sourced_id) from users x where x.sourced_id ~ '^s[0-9]{7}$')
    group by u.id, u.user_name`.execute(db);
  const student = rows[0];
  if (!student) throw new Error('no imported student with a timetable');
  const { id } = await new SessionStore(db, { idleMinutes: 60, maxHours: 12, acceptsDemoSessions: false }, systemClock).create(student.id, 'oidc');
  return { cookie: `cc_session=${id}`, userName: student.user_name };
}

async function timetableOf(origin: string, cookie: string): Promise<{ body: string; contentType: string; entries: number }> {
  const response = await fetch(`${origin}/api/timetable`, { headers: { cookie, 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`GET /api/timetable: ${response.status}`);
  const body = await response.text();
  const entries = (JSON.parse(body) as { timetableEntries?: unknown[] }).timetableEntries?.length ?? 0;
  return { body, contentType: response.headers.get('content-type') ?? 'application/json', entries };
}

/** `GET /api/timetable` for one user, app against a bare Fastify serving the same body: `runs` pairs, as the server bench runs them. */
async function timetableRatio(
  server: { origin: string; pid: number }, user: { cookie: string; who: string }, options: { runs: number; seconds: number; port: number }, workDir: string,
): Promise<TimetableRatio> {
  const url = `${server.origin}/api/timetable`;
  const { body, contentType, entries } = await timetableOf(server.origin, user.cookie);
  const bare = await startBareServer(options.port + 1, [{ path: '/api/timetable', body, contentType }], workDir);
  try {
    const headers = { cookie: user.cookie };
    await load(url, { connections: 50, seconds: 1, headers });
    await load(`${bare.origin}/api/timetable`, { connections: 50, seconds: 1, headers });
    const app: LoadResult[] = [];
    const bareRuns: LoadResult[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      app.push(await load(url, { connections: 50, seconds: options.seconds, headers, cpuOfPid: server.pid }));
      bareRuns.push(await load(`${bare.origin}/api/timetable`, { connections: 50, seconds: options.seconds, headers, cpuOfPid: bare.pid }));
    }
    const ratios = app.map((a, i) => (a.requestsPerSecond / (bareRuns[i]?.requestsPerSecond ?? Number.NaN)).toFixed(2));
    console.log(`[import bench] GET /api/timetable as ${user.who} (${(Buffer.byteLength(body) / 1024).toFixed(1)} kB, ${entries} entries): app ÷ bare ${ratios.join(', ')}`);
    return { who: user.who, bodyBytes: Buffer.byteLength(body), entries, app, bare: bareRuns };
  } finally {
    await bare.stop();
  }
}

type HttpImport = Pick<ServerImport, 'validateMs' | 'applyMs' | 'jobMs' | 'deactivated' | 'rssBaselineBytes' | 'rssPeakBytes' | 'rssAfterBytes' | 'duringApply'>;

/**
 * The zip uploaded and applied over HTTP as `admin`, the server's RSS sampled every 250 ms from 3 s
 * before the upload (1 s in quick mode) to 2 s after the apply job finished, and `student`'s timetable under load while
 * it applies.
 */
async function importOverHttp(
  server: { origin: string; pid: number }, db: Db, cookies: { admin: string; student: string }, zipPath: string, isQuick: boolean,
): Promise<HttpImport> {
  const { admin, student } = cookies;
  const rss = sampleRss(server.pid, 250);
  const settleMs = isQuick ? 1000 : 3000;
  try {
    await sleep(settleMs);
    const uploadAt = performance.now();
    const rssBaselineBytes = rss.medianBetween(uploadAt - settleMs, uploadAt);
    const form = new FormData();
    form.set('bundle', await openAsBlob(zipPath, { type: 'application/zip' }), 'large-university.zip');
    const uploaded = await fetch(`${server.origin}/api/admin/imports`, { method: 'POST', headers: { cookie: admin, 'x-xsrf-token': xsrfOf(admin) }, body: form });
    if (uploaded.status !== 202) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const { rowId } = (await uploaded.json()) as { rowId: number };
    const ready = await settle(server.origin, admin, rowId, 'validating', 250);
    const validatedAt = performance.now();
    if (ready.state !== 'ready') throw new Error(`server import: ${ready.state}: ${JSON.stringify(ready.errors.slice(0, 5))}`);
    const deactivated = importEntityNames.reduce((sum, e) => sum + ready.counts[e].deactivate, 0);

    const applyAt = performance.now();
    const apply = await fetch(`${server.origin}/api/admin/imports/${rowId}/apply`, {
      method: 'POST', headers: { cookie: admin, 'x-xsrf-token': xsrfOf(admin), 'content-type': 'application/json' }, body: JSON.stringify({ acceptWarnings: true }),
    });
    if (apply.status !== 202) throw new Error(`apply: ${apply.status} ${await apply.text()}`);
    const settled = settle(server.origin, admin, rowId, 'applying', 250);
    const [duringApply, applied] = await Promise.all([loadUntil(`${server.origin}/api/timetable`, student, 50, 10, settled), settled]);
    const appliedAt = performance.now();
    if (applied.state !== 'applied') throw new Error(`server import: the apply ended ${applied.state}`);
    await applyJobDone(db, rowId, 250);
    const jobDoneAt = performance.now();
    await sleep(settleMs * 2 / 3);
    const result: HttpImport = {
      validateMs: validatedAt - uploadAt, applyMs: appliedAt - applyAt, jobMs: jobDoneAt - applyAt, deactivated, duringApply,
      rssBaselineBytes, rssPeakBytes: rss.maxSince(uploadAt), rssAfterBytes: rss.samples.at(-1)?.bytes ?? 0,
    };
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`[import bench] server: validate ${s(result.validateMs)}, apply ${s(result.applyMs)}, its job done (notifications) ${s(result.jobMs)}; ${deactivated} demo records deactivated; RSS ${mb(rssBaselineBytes)} → peak ${mb(result.rssPeakBytes)}`);
    console.log(`[import bench] GET /api/timetable as student while applying (${duringApply.seconds.toFixed(1)} s): p50 ${duringApply.p50Ms} ms, p99 ${duringApply.p99Ms} ms, ${Math.round(duringApply.requestsPerSecond)} req/s, ${duringApply.non2xx} non-2xx, ${duringApply.errors} errors`);
    return result;
  } finally {
    rss.stop();
  }
}

/** Part 2: the import in the real server, its memory, the timetable while it applies and after. */
async function inServer(zipPath: string, options: { runs: number; seconds: number; isQuick: boolean; port: number }, workDir: string): Promise<ServerImport> {
  const dataDir = await mkdtemp(join(tmpdir(), 'campus-bench-import-server-'));
  const zipMb = (await stat(zipPath)).size / 2 ** 20;
  const server = await startBenchServer({ port: options.port, dataDir, env: { IMPORT_MAX_MB: String(Math.max(200, Math.ceil(zipMb * 2))) } });
  try {
    const admin = await signInOver(server.origin, 'admin');
    const student = await signInOver(server.origin, 'student');
    // The demo is seeded through the import, so the large university's bulk files deactivate it:
    // the demo student's timetable is measured against the ceiling before the import.
    const demo = await timetableRatio(server, { cookie: student, who: 'student' }, options, workDir);
    const idle = await load(`${server.origin}/api/timetable`, { connections: 50, seconds: options.isQuick ? 2 : 5, headers: { cookie: student } });
    console.log(`[import bench] GET /api/timetable as student, no import: p50 ${idle.p50Ms} ms, p99 ${idle.p99Ms} ms, ${Math.round(idle.requestsPerSecond)} req/s`);
    const db = await serverDb(dataDir);
    try {
      const imported = await importOverHttp(server, db, { admin, student }, zipPath, options.isQuick);
      const signedIn = await largeStudentCookie(db);
      const large = await timetableRatio(server, { cookie: signedIn.cookie, who: signedIn.userName }, options, workDir);
      await jobsIdle(db, 60_000);
      return { ...imported, idle, large, demo };
    } finally {
      await db.destroy();
    }
  } finally {
    await server.stop();
    await cleanUp(dataDir);
  }
}

/**
 * Removes the server's data. A server that failed while stopping may leave its PostgreSQL running a
 * moment longer: that cluster (found by its folder) is stopped first. Nothing here may lose the figures.
 */
async function cleanUp(dataDir: string): Promise<void> {
  try {
    await recoverStaleCluster(join(dataDir, 'postgres'));
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  } catch (error) {
    console.warn(`[import bench] could not remove ${dataDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function benchImport(options: { runs: number; isQuick: boolean; port: number }): Promise<ImportBenchResult> {
  configureCalendar(loadConfig().calendar);
  const scale = Number(process.env.BENCH_IMPORT_SCALE ?? 1);
  const limitMinutes = Number(process.env.BENCH_IMPORT_LIMIT_MIN ?? 10);
  const size = options.isQuick ? QUICK_SIZE : scaledSize(scale);
  const today = new Date();
  const workDir = await mkdtemp(join(tmpdir(), 'campus-bench-import-'));
  // As root, PostgreSQL runs as the `postgres` OS user, which must reach the folder.
  await chmod(workDir, 0o755);
  try {
    const zipPath = join(workDir, 'large-university.zip');
    const generating = performance.now();
    await writeBundleZip(generateUniversity({ today, ...size }), zipPath, { mtime: today });
    const generateMs = performance.now() - generating;
    const bundleBytes = (await stat(zipPath)).size;
    console.log(`[import bench] ${size.students} students, ${size.eventsTarget} events: bundle ${(bundleBytes / 2 ** 20).toFixed(1)} MB in ${(generateMs / 1000).toFixed(1)} s`);
    const local = await inProcess(size, today, zipPath, workDir, limitMinutes);
    // An import stopped here would not finish in the server either.
    const server = local.stopped ? undefined : await inServer(zipPath, { runs: options.runs, seconds: options.isQuick ? 3 : 10, isQuick: options.isQuick, port: options.port }, workDir);
    return { size, scale: options.isQuick ? 1 : scale, isQuick: options.isQuick, limitMinutes, bundleBytes, generateMs, ...local, server };
  } finally {
    await cleanUp(workDir);
  }
}

// ---- BENCHMARKS.md --------------------------------------------------------------------------------

export const IMPORT_HEADING = '## Import (issue 30)';

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const sec = (ms: number): string => (ms >= 120_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`);
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const n = (value: number): string => value.toLocaleString('en-GB');
const phases = (list: readonly Phase[]): string => list.map((p) => `${p.name} ${sec(p.ms)}`).join(', ');

function ratioOf(side: TimetableRatio): { median: number; runs: number[] } {
  const runs = side.app.map((a, i) => a.requestsPerSecond / (side.bare[i]?.requestsPerSecond ?? Number.NaN));
  return { median: median(runs), runs };
}

function runFigure(run: ImportRun): string {
  return `**${sec(run.validateMs + run.applyMs)}**: validate ${sec(run.validateMs)} (${phases(run.validatePhases)}); apply ${sec(run.applyMs)} (${phases(run.applyPhases)})`;
}

/** The section: the table of measures, then where the time went. */
export function importSection(r: ImportBenchResult): string[] {
  const { size, server, first, again, delta, stopped } = r;
  const unfinished = (run: string): string => (stopped?.run === run
    ? `**did not finish**: stopped in ${stopped.step} after ${sec(stopped.afterMs)}, when \`${stopped.label}\` was cancelled after ${sec(stopped.statementMs)} (PostgreSQL: "${stopped.message}")`
    : 'not measured: an earlier import did not finish');
  const created = (e: (typeof importEntityNames)[number]) => n(first?.counts[e].create ?? 0);
  const rows = [
    `| First import of the large university: validate + apply | ${first ? runFigure(first) : unfinished('first import')} | ≤ 3 min | ImportService's own steps in this process (the jobs' code, called in turn): upload stored in the database, then the validation job (unpack, read and stage every row, checks, plan), then apply (one transaction) and its class-change notifications; an empty migrated embedded PostgreSQL, default settings${first ? `. Created ${created('users')} users, ${created('classes')} groups, ${created('enrollments')} enrolments, ${created('events')} events (${n(first.stagedRows)} rows staged)` : ''} |`,
    `| The same bundle again: validate + apply | ${again ? `${runFigure(again)}; **${r.againChanges === 0 ? '0 changes' : `${n(r.againChanges ?? 0)} changes, expected 0`}**` : unfinished('the same bundle again')} | ≤ 90 s, 0 changes | the same zip uploaded again; changes = create + update + deactivate of every entity in its dry-run counts |`,
    `| A 1% delta: validate + apply | ${delta ? runFigure(delta) : unfinished('1% delta')} | ≤ 15 s | a delta bundle (events and enrollments \`delta\`, the rest \`absent\`) from the same generator: every 100th event an hour later in the next room${delta ? ` (${n(delta.movedEvents)} rows: updated ${n(delta.counts.events.update)})` : ''}, every 100th enrolment \`tobedeleted\`${delta ? ` (${n(delta.removedEnrolments)} rows: deactivated ${n(delta.counts.enrollments.deactivate)})` : ''}; notifications included |`,
    ...(server ? serverRows(r, server) : [
      '| Server RSS growth during an import | not measured: the in-process import did not finish, so the server\'s would not either | ≤ 300 MB | — |',
      '| `GET /api/timetable` p99 for `student` while an import applies | not measured (as above) | ≤ 300 ms | — |',
      '| `GET /api/timetable` for a large-university student after the import, app ÷ bare | not measured (as above) | the demo\'s ratio, or better | — |',
    ]),
  ];
  const columns = [
    ...(first ? [{ title: 'First import', statements: first.statements }] : []),
    ...(again ? [{ title: 'Same again', statements: again.statements }] : []),
    ...(delta ? [{ title: '1% delta', statements: delta.statements }] : []),
    ...(stopped ? [{ title: `${stopped.run[0]?.toUpperCase()}${stopped.run.slice(1)} (stopped)`, statements: stopped.statements }] : []),
  ];
  const total = (statements: ImportRun['statements'], label: string) => statements.find((st) => st.label === label)?.ms ?? 0;
  const ranked = [...new Set(columns.flatMap((c) => c.statements.map((st) => st.label)))]
    .map((label) => ({ label, cells: columns.map((c) => total(c.statements, label)) }))
    .sort((a, b) => b.cells.reduce((x, y) => x + y, 0) - a.cells.reduce((x, y) => x + y, 0)).slice(0, 20);
  const cell = (ms: number) => (ms < 50 ? '—' : sec(ms));
  return [
    IMPORT_HEADING,
    '',
    `The large university of \`scripts/demo-bundle.mjs --large\` (\`generateUniversity\`): ${n(size.students)} students, ${n(size.staff)} staff, ${n(size.modules)} modules, ${n(size.groups)} groups, about ${n(size.enrolmentsTarget)} enrolments and ${n(size.eventsTarget)} events;`,
    ...(r.scale === 1 ? [] : [`**At ${Math.round(r.scale * 100)}% of the large university's size (\`BENCH_IMPORT_SCALE=${r.scale}\`), not the full size.**`]),
    `the zip is ${(r.bundleBytes / 2 ** 20).toFixed(1)} MB (generated in ${sec(r.generateMs)}). One run of each: an import takes minutes, so a median would take hours.${r.isQuick ? ' **Quick mode: a 500-student university, smoke figures only.**' : ''}`,
    `Targets are for a slow machine too: the benchmark reports what it measured and never fails on time; a statement running over ${r.limitMinutes} min is cancelled (\`BENCH_IMPORT_LIMIT_MIN\`) and its import reported as not finished.`,
    '',
    '| Measure | Figure | Target | How |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    '### Where the import\'s time went',
    '',
    'Database time per statement (Kysely\'s log hook on the in-process runs: each statement\'s time on the connection, summed), largest first.',
    'The rest of a step is the Node side: unzipping, parsing and checking each row, hashing it, and waiting on the 4-connection pool.',
    '',
    `| Statement | ${columns.map((c) => c.title).join(' | ')} |`,
    `| --- | ${columns.map(() => '---').join(' | ')} |`,
    ...ranked.map((x) => `| ${x.label} | ${x.cells.map(cell).join(' | ')} |`),
    `| All statements | ${columns.map((c) => sec(c.statements.reduce((sum, st) => sum + st.ms, 0))).join(' | ')} |`,
    '',
    ...(r.slowest.length > 0 ? [`Slowest single statements: ${r.slowest.slice(0, 6).map((st) => `${st.label} ${sec(st.ms)}`).join('; ')}.`] : []),
    '',
  ];
}

function serverRows(r: ImportBenchResult, server: ServerImport): string[] {
  const large = ratioOf(server.large);
  const demo = ratioOf(server.demo);
  const loadFigure = (l: LoadResult) => `p50 ${l.p50Ms} ms, ${Math.round(l.requestsPerSecond)} req/s, ${l.non2xx + l.errors} non-2xx/errors`;
  const appFigure = (side: TimetableRatio) => {
    const app = median(side.app.map((a) => a.requestsPerSecond));
    const bare = median(side.bare.map((b) => b.requestsPerSecond));
    return `app ${Math.round(app)} req/s, p99 ${median(side.app.map((a) => a.p99Ms))} ms, ${median(side.app.map((a) => a.cpuMsPerRequest)).toFixed(2)} ms CPU/request; bare ${Math.round(bare)} req/s`;
  };
  return [
    `| Server RSS growth during an import | **+${mb(server.rssPeakBytes - server.rssBaselineBytes)}** (${mb(server.rssBaselineBytes)} before, peak ${mb(server.rssPeakBytes)}, ${mb(server.rssAfterBytes)} ${r.isQuick ? 0.7 : 2} s after); over HTTP: validate ${sec(server.validateMs)}, apply ${sec(server.applyMs)} until \`applied\`, ${sec(server.jobMs)} until its job finished (notifications sent) | ≤ 300 MB | the real server in its own process (demo seed, its embedded PostgreSQL, IMPORT_MAX_MB raised), the admin persona uploads the same zip (\`POST /api/admin/imports\`), polls every 250 ms until \`ready\`, applies (\`acceptWarnings: true\`), polls until \`applied\`; VmRSS of the server's node process every 250 ms (PostgreSQL's processes not counted), peak from the upload to ${r.isQuick ? 0.7 : 2} s after the apply job finished − median of the ${r.isQuick ? 1 : 3} s before. The demo is seeded through the import, so this bulk import also deactivates its ${n(server.deactivated)} records (a deactivation-threshold warning, accepted) |`,
    `| \`GET /api/timetable\` p99 for \`student\` while an import applies | **p99 ${server.duringApply.p99Ms} ms** (${loadFigure(server.duringApply)}, ${server.duringApply.seconds.toFixed(1)} s); no import: p99 ${server.idle.p99Ms} ms (${loadFigure(server.idle)}) | ≤ 300 ms | autocannon, 50 connections, as the demo persona \`student\`, from the apply request until \`applied\` or 10 s; "no import" is the same for ${r.isQuick ? 2 : 5} s just before the upload |`,
    `| \`GET /api/timetable\` for a large-university student after the import, app ÷ bare | **${large.median.toFixed(2)}** (runs: ${large.runs.map((x) => x.toFixed(2)).join(', ')}); ${appFigure(server.large)}; ${(server.large.bodyBytes / 1024).toFixed(1)} kB, ${n(server.large.entries)} entries. The demo \`student\` before the import: **${demo.median.toFixed(2)}** (runs: ${demo.runs.map((x) => x.toFixed(2)).join(', ')}); ${appFigure(server.demo)}; ${(server.demo.bodyBytes / 1024).toFixed(1)} kB, ${n(server.demo.entries)} entries | the demo's ratio, or better | the server bench's method: autocannon, 50 connections, ${r.isQuick ? 3 : 10} s, no Accept-Encoding, against a bare Fastify in its own process serving the same body from memory, run right after; median of ${server.large.app.length} such pairs. \`${server.large.who}\` is signed in by a session row made in the server's database (as an identity provider's sign-in leaves one); the demo \`student\` is measured the same way on the same server before the upload, since the import deactivates the demo |`,
  ];
}

/** `npx tsx bench/import.bench.ts`: this part alone, printed (BENCHMARKS.md untouched). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const isQuick = process.env.BENCH_QUICK === '1';
  const result = await benchImport({ runs: Number(process.env.BENCH_RUNS ?? (isQuick ? 1 : 3)), isQuick, port: Number(process.env.BENCH_PORT ?? 6766) });
  console.log(importSection(result).join('\n'));
  for (const st of result.slowest.slice(0, 5)) console.log(`\n-- ${st.label}: ${Math.round(st.ms)} ms\n${st.sql.slice(0, 3000)}\n${JSON.stringify(st.parameters)?.slice(0, 500)}`);
}
