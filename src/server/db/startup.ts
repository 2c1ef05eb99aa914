import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { isEmptyDatabase, seedDemoUniversity } from './seed/seed.js';

/** The advisory lock key every instance takes while it migrates and seeds ("campus start", any fixed number). */
export const STARTUP_LOCK_KEY = 7_304_221_955_018_113n;

/**
 * The instant the demo seed is relative to: CLOCK_START's own instant when it is set (not the
 * running clock a few seconds later, after the embedded PostgreSQL started), so that the same
 * CLOCK_START seeds the same university every time; otherwise the clock's now.
 */
export function demoSeedInstant(config: { readonly clockStart: Date | undefined }, clock: Clock): Date {
  return config.clockStart ? new Date(config.clockStart.getTime()) : clock.now();
}

export interface StartupOptions {
  /** Seed the demo university when the database has no users yet. */
  readonly seedDemo: boolean;
  readonly today: Date;
}

export interface StartupResult {
  readonly appliedMigrations: string[];
  readonly seeded: boolean;
}

/**
 * Brings the database up to date: pending migrations, then the demo seed into an empty database.
 * Any number of instances may call this at once on one database: the work runs on one connection
 * holding a session-level advisory lock, so the first caller migrates and seeds while the others
 * wait, then find nothing left to do. A session-level lock needs a real session: a direct
 * connection or a PgBouncer pool in session mode (README, "Production deployment").
 */
export async function prepareDatabase(db: Db, options: StartupOptions): Promise<StartupResult> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    try {
      const appliedMigrations = await migrateToLatest(connection);
      const seeded = options.seedDemo && (await isEmptyDatabase(connection));
      if (seeded) await seedDemoUniversity(connection, { today: options.today });
      return { appliedMigrations, seeded };
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    }
  });
}
