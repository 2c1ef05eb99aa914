import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type QueryResult } from 'kysely';
import PgBoss from 'pg-boss';
import { calendarRules } from '../calendar/academicCalendar.js';
import { isConnectionError, messageOf as errorMessageOf } from '../db/connectionErrors.js';
import { throttledWarning, type Db } from '../db/database.js';
import type { IntervalJob, JobContext, ScheduledJob } from './jobDefinition.js';

export type JobLog = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** The schema pg-boss keeps its tables in, next to the app's own. */
export const JOB_SCHEMA = 'pgboss';
/** The advisory lock key held while an instance sets up the queue (any fixed number, distinct from start-up's). */
const JOB_SETUP_LOCK_KEY = 4_711_002;
/** How often one instance (whichever gets there first) expires stalled jobs and archives old ones. */
const MAINTENANCE_SECONDS = 15;
/** How often an idle worker looks for new jobs (a send on this instance wakes it at once). */
const POLLING_SECONDS = 0.5;
/** While the database is unreachable, the queue says so at most once per this period. */
const UNREACHABLE_WARNING_MS = 30_000;
/** Failures listed for administrators. */
const LAST_FAILURES = 20;

export interface QueueCounts {
  readonly queue: string;
  readonly created: number;
  readonly retry: number;
  readonly active: number;
  readonly completed: number;
  readonly cancelled: number;
  readonly failed: number;
}

export interface JobFailure {
  readonly queue: string;
  readonly failedAt: string;
  readonly message: string;
}

export interface QueueState {
  readonly queues: QueueCounts[];
  readonly lastFailures: JobFailure[];
}

export type JobInsert = PgBoss.JobInsert;
export type Job<T> = PgBoss.JobWithMetadata<T>;

/**
 * A uuid derived from a key, so the same logical job always gets the same id: inserting it twice
 * (a doubled notify, two instances) stores it once (pg-boss inserts with ON CONFLICT DO NOTHING).
 */
export function jobIdFor(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** pg-boss's view of a database: its SQL runs through Kysely, on the pool or in a transaction. */
function bossDbOf(db: Db): PgBoss.Db {
  return { executeSql: async (text, values) => db.executeQuery(CompiledQuery.raw(text, values)) };
}

/** Error text safe to show administrators: no URLs (push endpoints carry device tokens), short. */
export function safeMessage(error: unknown): string {
  // pg-boss reports a worker's error as a plain copy of it, so the message is read from any object.
  const text = errorMessageOf(error);
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>').slice(0, 300);
}

/** A failed job's output: what `fail` stored, or pg-boss's own `{ value: { message } }` (a timeout). */
function messageOf(output: { message?: unknown; value?: { message?: unknown } } | null): string {
  const message = output?.message ?? output?.value?.message;
  return typeof message === 'string' ? message : 'failed';
}

/**
 * The durable job queue: pg-boss on the app's own PostgreSQL (its own schema, the app's pool).
 * Jobs survive restarts; a job is taken by one worker at a time (SKIP LOCKED), on any instance.
 * A job left active by a process that died is expired after its `expireInSeconds` and retried.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<string, string>();
  private readonly intervalTimers: NodeJS.Timeout[] = [];
  private isStarted = false;
  /** pg-boss's statements on the pool that have not settled yet (see `stop`). */
  private readonly bossStatements = new Set<Promise<unknown>>();
  private isStopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: JobLog,
    /** Holds the start-up advisory lock: a direct session, not a transaction-mode pooler. */
    private readonly sessionDb: Db = db,
  ) {
    this.boss = new PgBoss({
      // pg-boss runs its SQL through the app's Kysely pool: one connection string, one pool.
      db: { executeSql: (text, values) => this.bossStatement(text, values) },
      schema: JOB_SCHEMA,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
      monitorStateIntervalSeconds: 60,
    });
    // pg-boss reports every failed poll, maintenance run and clock tick here (never thrown). While
    // the database is down that is several a second: said once per period as a warning.
    const warnUnreachable = throttledWarning(UNREACHABLE_WARNING_MS, (message) => log.warn({}, message));
    this.boss.on('error', (error: unknown) => {
      if (isConnectionError(error)) warnUnreachable(`job queue: database unreachable (${safeMessage(error)}); retrying`);
      else log.error({ err: { message: safeMessage(error) } }, 'job queue error');
    });
  }

  get started(): boolean {
    return this.isStarted;
  }

  /**
   * Creates (or migrates) pg-boss's schema, starts its maintenance and cron clocks, then runs
   * `setup` (creating queues, schedules and workers). Instances starting together would deadlock
   * creating the same schema and queues, so all of it runs under a session-level advisory lock,
   * held on one connection of the pool while pg-boss works through the others.
   */
  async start(setup: () => Promise<void> = async () => {}): Promise<void> {
    if (this.isStarted) return;
    this.isStopped = false;
    await this.withSetupLock(async () => {
      await this.boss.start();
      this.isStarted = true;
      await setup();
    });
  }

  /** Runs `work` holding the set-up lock, so instances starting together create their queues one at a time. */
  async withSetupLock(work: () => Promise<void>): Promise<void> {
    await this.sessionDb.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${sql.lit(JOB_SETUP_LOCK_KEY)})`.execute(connection);
      try {
        await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(${sql.lit(JOB_SETUP_LOCK_KEY)})`.execute(connection);
      }
    });
  }

  /**
   * Stops taking jobs and waits (a while) for running ones; what is unfinished stays queued.
   * pg-boss marks a finished job complete (or failed) without awaiting it, and a rejection there
   * is nobody's: had the pool closed under it (the app stops its pool right after this), the
   * process would end with an unhandled rejection, exit code 1 on a clean SIGTERM. So the
   * statements pg-boss has under way are waited for; any it starts later (a job that outlived the
   * grace period) never reach the pool: that job stays active and expires into a retry, as a job
   * of a process that died does.
   */
  async stop(): Promise<void> {
    if (!this.isStarted) return;
    this.isStarted = false;
    for (const timer of this.intervalTimers.splice(0)) clearInterval(timer);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    this.isStopped = true;
    await Promise.allSettled([...this.bossStatements]);
  }

  /** One of pg-boss's statements, on the pool, counted until it settles; none once stopped (see `stop`). */
  private bossStatement(text: string, values: unknown[]): Promise<QueryResult<unknown>> {
    if (this.isStopped) return new Promise(() => {});
    const statement = this.db.executeQuery(CompiledQuery.raw(text, values));
    this.bossStatements.add(statement);
    const forget = (): void => void this.bossStatements.delete(statement);
    statement.then(forget, forget);
    return statement;
  }

  /**
   * Refuses a call made once the queue has stopped: its statements would never reach the pool (see
   * `bossStatement`), so the caller would wait for ever. A request still running while the server
   * shuts down gets an error it can answer with instead.
   */
  private assertRunning(what: string): void {
    if (this.isStopped) throw new Error(`the job queue has stopped: cannot ${what}`);
  }

  async createQueue(name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
    this.assertRunning(`create the ${name} queue`);
    await this.boss.createQueue(name, { name, ...options });
  }

  /**
   * Inserts jobs; jobs whose id already exists are skipped. `within` a transaction, they are
   * inserted on its connection and exist only if it commits (a worker woken before the commit
   * finds nothing yet, and finds them at its next poll).
   */
  async insert(jobs: readonly JobInsert[], within?: Db): Promise<void> {
    if (jobs.length === 0) return;
    if (!within) this.assertRunning(`queue ${jobs[0]?.name ?? ''} jobs`);
    await this.boss.insert([...jobs], within ? { db: bossDbOf(within) } : {});
    const workerId = this.workerIds.get(jobs[0]?.name ?? '');
    if (workerId) this.boss.notifyWorker(workerId);
  }

  /** Sends one job now; returns its id. */
  async send(name: string, data: object = {}): Promise<string> {
    this.assertRunning(`send a ${name} job`);
    const id = await this.boss.send(name, data);
    if (!id) throw new Error(`the ${name} job was not queued`);
    const workerId = this.workerIds.get(name);
    if (workerId) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Works the queue on this instance, `batchSize` jobs at a time. The handler settles each job
   * itself through `complete`/`fail` where it must; one that returns normally is completed and
   * one that throws is failed (and retried while the job's retry limit allows).
   */
  async work<T>(name: string, batchSize: number, handler: (jobs: Job<T>[]) => Promise<void>): Promise<void> {
    this.assertRunning(`work the ${name} queue`);
    const id = await this.boss.work<T>(name, { batchSize, includeMetadata: true, pollingIntervalSeconds: POLLING_SECONDS }, handler);
    this.workerIds.set(name, id);
  }

  async fail(name: string, id: string, message: string, extra: object = {}): Promise<void> {
    this.assertRunning(`fail a ${name} job`);
    await this.boss.fail(name, id, { message, ...extra });
  }

  /**
   * Schedules jobs on their cron: pg-boss's clock sends at most one job per tick across every
   * instance, and whichever instance fetches it runs it once.
   */
  async schedule(jobs: readonly ScheduledJob[], context: () => JobContext): Promise<void> {
    for (const job of jobs) {
      await this.createQueue(job.name, { retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60 });
      await this.boss.schedule(job.name, job.cron, {}, { tz: calendarRules().timeZone });
      await this.work(job.name, 1, async () => {
        await job.run(context());
      });
    }
  }

  /**
   * Runs jobs every so many seconds. Every instance inserts the job of the current period under an
   * id derived from the period, so however many instances tick, each period's job is stored (and
   * run) once. The first is queued at once; a missed period is not made up.
   */
  async scheduleEvery(jobs: readonly IntervalJob[], context: () => JobContext): Promise<void> {
    for (const job of jobs) {
      await this.createQueue(job.name, { retryLimit: 0, expireInSeconds: 5 * 60 });
      await this.work(job.name, 1, async () => {
        await job.run(context());
      });
      const seconds = job.everySeconds(context().config);
      const periodMs = seconds * 1000;
      const tick = (): void => {
        if (!this.isStarted) return;
        const slot = Math.floor(context().now().getTime() / periodMs);
        this.insert([{ name: job.name, id: jobIdFor(`${job.name}:${seconds}:${slot}`) }]).catch((error: unknown) =>
          this.log.warn({ err: { message: safeMessage(error) } }, `could not queue the ${job.name} job`),
        );
      };
      // Ticking twice a period: an instance whose timer drifts still queues each period's job.
      const timer = setInterval(tick, periodMs / 2);
      timer.unref();
      this.intervalTimers.push(timer);
      tick();
    }
  }

  /** Jobs of a queue not finished yet (waiting, waiting for a retry or running). */
  async pending(name: string): Promise<number> {
    this.assertRunning(`count the ${name} queue`);
    return this.boss.getQueueSize(name, { before: 'completed' });
  }

  /** Jobs of a queue waiting to run (not yet started). */
  async waiting(name: string): Promise<number> {
    this.assertRunning(`count the ${name} queue`);
    return this.boss.getQueueSize(name, { before: 'active' });
  }

  /** Resolves when the queue has nothing unfinished (tests and scripts). */
  async idle(name: string, timeoutMs = 60_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while ((await this.pending(name)) > 0) {
      if (performance.now() > deadline) throw new Error(`the ${name} queue is still busy after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The state of one job, or undefined once it is gone. */
  async jobState(name: string, id: string): Promise<string | undefined> {
    this.assertRunning(`read a ${name} job`);
    return (await this.boss.getJobById(name, id, { includeArchive: true }))?.state;
  }

  /** Counts by state per queue, and the latest failures. Reads pg-boss's tables directly. */
  async state(): Promise<QueueState> {
    // Before any instance has started the queue, its tables do not exist yet: nothing to report.
    const installed = await sql<{ table: string | null }>`SELECT to_regclass(${`${JOB_SCHEMA}.job`})::text AS table`.execute(this.db);
    if (!installed.rows[0]?.table) return { queues: [], lastFailures: [] };
    const table = sql.table(`${JOB_SCHEMA}.job`);
    const counts = await sql<{ name: string; state: string; count: number }>`
      SELECT name, state::text AS state, count(*)::int AS count FROM ${table} GROUP BY name, state ORDER BY name`.execute(this.db);
    const byQueue = new Map<string, Record<string, number>>();
    for (const row of counts.rows) {
      const entry = byQueue.get(row.name) ?? {};
      entry[row.state] = row.count;
      byQueue.set(row.name, entry);
    }
    const queues = [...byQueue].map(([queue, c]) => ({
      queue,
      created: c.created ?? 0,
      retry: c.retry ?? 0,
      active: c.active ?? 0,
      completed: c.completed ?? 0,
      cancelled: c.cancelled ?? 0,
      failed: c.failed ?? 0,
    }));
    const failures = await sql<{ name: string; completed_on: Date; output: { message?: unknown; value?: { message?: unknown } } | null }>`
      SELECT name, completed_on, output FROM ${table} WHERE state = 'failed'
      ORDER BY completed_on DESC LIMIT ${LAST_FAILURES}`.execute(this.db);
    const lastFailures = failures.rows.map((row) => ({
      queue: row.name,
      failedAt: new Date(row.completed_on).toISOString(),
      message: safeMessage(messageOf(row.output)),
    }));
    return { queues, lastFailures };
  }
}
