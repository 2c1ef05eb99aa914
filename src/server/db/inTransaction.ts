import type { Db } from './database.js';

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one (Kysely cannot
 * nest them), so a service can run alone or as one step of a larger transaction (the demo seed
 * imports its bundle inside the seed's).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
