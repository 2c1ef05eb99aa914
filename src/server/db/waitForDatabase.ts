import { sql } from 'kysely';
import { isConnectionError, messageOf } from './connectionErrors.js';
import type { Db } from './database.js';

/** How long start-up waits for a PostgreSQL that does not answer yet (starting beside the app, failing over). */
export const START_WAIT_MS = 60_000;
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5_000;

export interface WaitOptions {
  readonly timeoutMs?: number;
  readonly log?: (message: string) => void;
}

/**
 * Resolves once the database answers `SELECT 1`. While it cannot be reached (connection refused,
 * starting up, shutting down) it tries again with growing delays, for `timeoutMs` at most, and then
 * fails with a message saying so. Any other failure (a wrong password, a missing database) fails at
 * once: waiting would not fix it.
 */
export async function waitForDatabase(db: Db, { timeoutMs = START_WAIT_MS, log = console.warn }: WaitOptions = {}): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let delayMs = FIRST_RETRY_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`SELECT 1`.execute(db);
      if (attempt > 1) log('PostgreSQL answers now; starting');
      return;
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      const remainingMs = deadline - performance.now();
      if (remainingMs <= 0) {
        throw new Error(`PostgreSQL could not be reached within ${Math.round(timeoutMs / 1000)} s (${messageOf(error)}). Check DATABASE_URL and that the database server is running.`, { cause: error });
      }
      if (attempt === 1) log(`PostgreSQL cannot be reached yet (${messageOf(error)}); trying again for up to ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, remainingMs)));
      delayMs = Math.min(MAX_RETRY_MS, delayMs * 2);
    }
  }
}
