import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, type Db } from '../../../src/server/db/database.js';
import { migrations } from '../../../src/server/db/migrations/index.js';
import { prepareDatabase } from '../../../src/server/db/startup.js';

const admin = (): Db => createDb(inject('pgAdminUrl'), 1);
const created: string[] = [];

/** A database with nothing in it: no migrations, no users. */
async function blankDatabase(): Promise<string> {
  const name = `blank_${randomBytes(6).toString('hex')}`;
  const db = admin();
  try {
    await sql`CREATE DATABASE ${sql.id(name)}`.execute(db);
  } finally {
    await db.destroy();
  }
  created.push(name);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const db = admin();
  try {
    for (const name of created) await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(db);
  } finally {
    await db.destroy();
  }
});

describe('start-up on one database from several instances', () => {
  it('migrates once and seeds once when two instances start together on an empty database', { timeout: 120_000 }, async () => {
    const url = await blankDatabase();
    const pools = [createDb(url, 3), createDb(url, 3)];
    try {
      const today = new Date();
      const results = await Promise.all(pools.map((db) => prepareDatabase(db, { seedDemo: true, today })));

      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      const migrated = results.map((r) => r.appliedMigrations);
      expect(migrated).toContainEqual(Object.keys(migrations));
      expect(migrated).toContainEqual([]);

      const [db] = pools;
      if (!db) throw new Error('no pool');
      const count = async (query: Promise<{ n: number | string }>) => Number((await query).n);
      expect(await count(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('user_name', '=', 'student').executeTakeFirstOrThrow())).toBe(1);
      expect(await count(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('user_name', '=', 'admin').executeTakeFirstOrThrow())).toBe(1);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(db);
      expect(rows[0]?.n).toBe(Object.keys(migrations).length);

      // A later start finds everything done.
      expect(await prepareDatabase(db, { seedDemo: true, today })).toEqual({ appliedMigrations: [], seeded: false });
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });

  it('does not seed when demo mode is off, but still migrates', { timeout: 60_000 }, async () => {
    const db = createDb(await blankDatabase(), 2);
    try {
      const result = await prepareDatabase(db, { seedDemo: false, today: new Date() });
      expect(result).toEqual({ appliedMigrations: Object.keys(migrations), seeded: false });
      const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(users.n)).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
