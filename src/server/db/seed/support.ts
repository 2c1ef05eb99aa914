import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { Database } from '../schema.js';

/** Rows per INSERT statement: large enough to be fast, small enough for PostgreSQL's parameter limit. */
export const CHUNK_SIZE = 500;

export function chunk<T>(rows: readonly T[], size = CHUNK_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** Inserts rows in chunks, in order. */
export async function insertInChunks<T extends keyof Database>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (const part of chunk(rows)) {
    await db.insertInto(table).values(part).execute();
  }
}
