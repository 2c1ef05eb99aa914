/**
 * The server's only source of "what time is it" (GUIDE: Time). Everything else takes `now` from a
 * Clock: services and jobs from `ServerContext.clock`, SQL as a parameter. ESLint forbids
 * `Date.now`, `new Date()` and `performance.timeOrigin` anywhere else in src/server.
 *
 * `performance.now()` stays allowed elsewhere: it measures elapsed time (timeouts, durations) and
 * says nothing about the time of day.
 */

export interface Clock {
  /** The current instant. */
  now(): Date;
  /** The current instant in milliseconds since the epoch. */
  nowMs(): number;
}

/** The machine's wall clock: production, and any app not given another clock. */
export const systemClock: Clock = {
  now: () => new Date(Date.now()),
  nowMs: () => Date.now(),
};

/** Milliseconds on a monotonic scale: immune to the wall clock being stepped (NTP, an operator). */
const monotonicMs = (): number => performance.now();

/**
 * A clock that starts at a chosen instant and runs at normal speed from there (CLOCK_START, e2e
 * tests), or stands still (`frozen`, unit tests); `advance` and `set` move it forward, never back.
 */
export class SettableClock implements Clock {
  #anchorMs: number;
  #anchorMonotonic: number;
  readonly #frozen: boolean;

  constructor(start: Date | number, options: { readonly frozen?: boolean } = {}) {
    this.#frozen = options.frozen ?? false;
    this.#anchorMs = SettableClock.#msOf(start);
    this.#anchorMonotonic = monotonicMs();
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.#frozen ? this.#anchorMs : this.#anchorMs + Math.floor(monotonicMs() - this.#anchorMonotonic);
  }

  /** Restarts the clock at `instant` (not before the current time). */
  startAt(instant: Date | number): void {
    const target = SettableClock.#msOf(instant);
    const current = this.nowMs();
    if (target < current) throw new RangeError(`The clock does not go backwards: ${new Date(target).toISOString()} is before ${new Date(current).toISOString()}.`);
    this.#anchorMs = target;
    this.#anchorMonotonic = monotonicMs();
  }

  /** Moves the clock forward by `ms` (zero or more). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`The clock only moves forward: advance by a number of milliseconds of 0 or more, got ${ms}.`);
    this.#anchorMs += ms;
  }

  static #msOf(instant: Date | number): number {
    const ms = typeof instant === 'number' ? instant : instant.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('The clock needs a valid instant.');
    return ms;
  }
}

/** A clock that reads `now` (a test's variable, say): for tests that already keep their own time. */
export function clockOf(now: () => Date): Clock {
  return { now: () => new Date(now().getTime()), nowMs: () => now().getTime() };
}

/**
 * The server's clock from its configuration: CLOCK_START's instant running at normal speed; with
 * E2E_TEST_CONTROL a SettableClock the test routes can move (from CLOCK_START or the real time);
 * otherwise the wall clock.
 */
export function clockFor(config: { readonly clockStart: Date | undefined; readonly testControl: boolean }): Clock {
  if (config.clockStart) return new SettableClock(config.clockStart);
  return config.testControl ? new SettableClock(systemClock.nowMs()) : systemClock;
}

/**
 * The instant, on the job queue's own time scale, `delayMs` from now. pg-boss compares a job's
 * `startAfter` with PostgreSQL's `now()` (the real time; its SQL is not ours), so a delay the app
 * decided on its clock (a push retry, a notification due in ten minutes) becomes an instant on
 * that real scale here, whatever CLOCK_START or a test did to the app's clock.
 */
export function queueTimeAfter(delayMs: number): Date {
  return new Date(Date.now() + Math.max(0, delayMs));
}
