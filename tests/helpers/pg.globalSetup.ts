import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/server/db/database.js';
import { detachEmbeddedExitHook, startEmbeddedPostgres } from '../../src/server/db/embedded.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { seedDemoUniversity } from '../../src/server/db/seed/seed.js';
import { TEST_CLOCK_START } from './testClock.js';

export const TEMPLATE_EMPTY = 'campus_template_empty';
export const TEMPLATE_SEEDED = 'campus_template_seeded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run. Two template databases are migrated once:
 * an empty one and one holding the demo university; each test file clones one of them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Else a failing run would still exit 0 (the teardown below stops the cluster anyway).
  detachEmbeddedExitHook();
  const root = await mkdtemp(join(tmpdir(), 'campus-test-pg-'));
  await chmod(root, 0o755); // the postgres OS user must be able to reach the cluster folder
  const cluster = await startEmbeddedPostgres(join(root, 'pg'));
  const admin = createDb(cluster.connectionString('postgres'), 2);
  try {
    for (const name of [TEMPLATE_EMPTY, TEMPLATE_SEEDED]) {
      await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
    }
  } finally {
    await admin.destroy();
  }
  const empty = createDb(cluster.connectionString(TEMPLATE_EMPTY), 2);
  await migrateToLatest(empty);
  await empty.destroy();
  const seeded = createDb(cluster.connectionString(TEMPLATE_SEEDED), 2);
  await migrateToLatest(seeded);
  await seedDemoUniversity(seeded, { today: new Date(TEST_CLOCK_START) });
  await seeded.destroy();

  project.provide('pgAdminUrl', cluster.connectionString('postgres'));
  return async () => {
    await cluster.stop();
    await rm(root, { recursive: true, force: true });
  };
}
