import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/server/db/database.js';

export interface TestDatabase {
  readonly db: Db;
  readonly connectionString: string;
  readonly drop: () => Promise<void>;
}

function urlFor(database: string): string {
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh database cloned from a migrated template: `seeded` holds the demo university,
 * `empty` only the schema. Call `drop` in afterAll.
 */
export async function createTestDatabase(template: 'empty' | 'seeded' = 'seeded'): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const source = template === 'seeded' ? 'campus_template_seeded' : 'campus_template_empty';
  const admin = createDb(inject('pgAdminUrl'), 1);
  try {
    await sql`CREATE DATABASE ${sql.id(name)} TEMPLATE ${sql.id(source)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const connectionString = urlFor(name);
  const db = createDb(connectionString, 5);
  return {
    db,
    connectionString,
    drop: async () => {
      await db.destroy();
      const cleanup = createDb(inject('pgAdminUrl'), 1);
      try {
        await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(cleanup);
      } finally {
        await cleanup.destroy();
      }
    },
  };
}
