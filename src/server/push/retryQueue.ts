import type { FastifyBaseLogger } from 'fastify';

export type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** What a worker says about one job: done (whatever happened), or worth another try. */
export type JobResult = { readonly retry: false } | { readonly retry: true; readonly reason: string; readonly afterMs?: number };

export interface RetryQueueOptions {
  /** Jobs worked on at once. */
  readonly concurrency: number;
  /** Tries of one job, the first included. */
  readonly maxAttempts: number;
  /** The first retry's delay; it doubles with each try, with jitter, up to `maxDelayMs`. */
  readonly retryBaseMs: number;
  readonly maxDelayMs: number;
  /** Jobs held at most (ready, waiting for a retry or running); beyond it new jobs are dropped. */
  readonly limit: number;
}

interface Entry<T> {
  readonly job: T;
  readonly attempt: number;
}

/**
 * An in-process work queue with bounded retries and exponential backoff. `enqueue` only records
 * the jobs: work starts on a later turn of the event loop, so a caller (an API request) never
 * waits for it. `close` stops it: pending jobs and retries are dropped and running ones are
 * aborted through their signal.
 */
export class RetryQueue<T> {
  private ready: Entry<T>[] = [];
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly controller = new AbortController();
  private idleWaiters: (() => void)[] = [];
  private isPumpScheduled = false;
  private isClosed = false;

  constructor(
    private readonly work: (job: T, signal: AbortSignal) => Promise<JobResult>,
    private readonly options: RetryQueueOptions,
    private readonly log: Log,
  ) {}

  /** Jobs not finished yet. */
  get size(): number {
    return this.ready.length + this.retries.size + this.running.size;
  }

  /** Adds jobs; returns how many were accepted (none once closed, fewer when full). */
  enqueue(jobs: readonly T[]): number {
    if (this.isClosed) return 0;
    const room = Math.max(0, this.options.limit - this.size);
    if (jobs.length > room) this.log.warn({ dropped: jobs.length - room, limit: this.options.limit }, 'push queue full: messages dropped');
    for (const job of jobs.slice(0, room)) this.ready.push({ job, attempt: 1 });
    this.schedulePump();
    return Math.min(room, jobs.length);
  }

  /** Resolves once every job has finished (retries included), or at once when there are none. */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops: drops what is waiting, aborts what is running and waits for it to end. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    const dropped = this.ready.length + this.retries.size;
    if (dropped > 0) this.log.warn({ dropped }, 'push queue stopped: unsent messages dropped');
    this.ready = [];
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    this.controller.abort();
    await Promise.allSettled([...this.running]);
    this.notifyIfIdle();
  }

  private schedulePump(): void {
    if (this.isPumpScheduled || this.isClosed) return;
    this.isPumpScheduled = true;
    setImmediate(() => {
      this.isPumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (!this.isClosed && this.running.size < this.options.concurrency) {
      const entry = this.ready.shift();
      if (!entry) break;
      const run: Promise<void> = this.run(entry).finally(() => {
        this.running.delete(run);
        if (this.ready.length > 0) this.schedulePump();
        this.notifyIfIdle();
      });
      this.running.add(run);
    }
    this.notifyIfIdle();
  }

  private async run(entry: Entry<T>): Promise<void> {
    let result: JobResult;
    try {
      result = await this.work(entry.job, this.controller.signal);
    } catch (error) {
      this.log.error({ err: error }, 'push job failed unexpectedly');
      return;
    }
    if (!result.retry || this.isClosed) return;
    if (entry.attempt >= this.options.maxAttempts) {
      this.log.warn({ attempts: entry.attempt, reason: result.reason }, 'push message given up');
      return;
    }
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.ready.push({ job: entry.job, attempt: entry.attempt + 1 });
      this.schedulePump();
    }, this.delayBefore(entry.attempt + 1, result.afterMs));
    timer.unref();
    this.retries.add(timer);
  }

  /** Exponential backoff with jitter (half to all of the step), never sooner than Retry-After. */
  private delayBefore(attempt: number, retryAfterMs = 0): number {
    const { retryBaseMs, maxDelayMs } = this.options;
    const step = Math.min(maxDelayMs, retryBaseMs * 2 ** (attempt - 2));
    return Math.min(maxDelayMs, Math.max(retryAfterMs, step * (0.5 + Math.random() / 2)));
  }

  private notifyIfIdle(): void {
    if (this.size > 0 || this.isPumpScheduled) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
