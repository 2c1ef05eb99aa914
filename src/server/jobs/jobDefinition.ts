import type { Config } from '../config.js';
import type { ServerContext } from '../context.js';
import type { JobQueue } from './jobQueue.js';

/**
 * Background work the server runs through its durable job queue (pg-boss on the app's own
 * PostgreSQL). Every handler must be idempotent and safe when several instances run it: the queue
 * gives at-least-once delivery, so a retried or doubled run must write nothing twice.
 */
export interface JobContext extends ServerContext {
  /** `clock.now`, the server's clock (clock.ts), so tests can move time. */
  readonly now: () => Date;
  /** The queue, for a job that queues others (the connectors' minute tick); absent where none runs. */
  readonly jobs?: JobQueue;
}

/** A job that runs on a schedule (a cron expression, in the university's time zone). */
export interface ScheduledJob {
  /** The queue name, e.g. 'attendance.closeRegisters'. */
  readonly name: string;
  /** Five-field cron, e.g. '* * * * *' for every minute. */
  readonly cron: string;
  readonly run: (ctx: JobContext) => Promise<void>;
}

/**
 * A job that runs every so many seconds, for periods cron cannot express (STATUS_CHECK_SECONDS):
 * one run per period across all instances.
 */
export interface IntervalJob {
  readonly name: string;
  /** The period in seconds, read from the configuration. */
  readonly everySeconds: (config: Config) => number;
  readonly run: (ctx: JobContext) => Promise<void>;
}
