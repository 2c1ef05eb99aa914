import { Migrator, type Migration } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** Runs every pending append-only migration, in name order. Throws on the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: (): Promise<Record<string, Migration>> => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('A migration failed.', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
