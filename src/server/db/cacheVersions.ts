import { sql } from 'kysely';
import type { Db } from './database.js';
import { poolOf } from './database.js';

/**
 * The versions triggers keep in `cache_versions` (migration 0018). Every bump takes the next value
 * of one sequence, so the largest version of a set of keys changes whenever any of them is bumped;
 * a key never bumped counts as 0.
 */
export const cacheKeys = {
  /** Events, modules, rooms, buildings: every timetable. */
  timetable: 'timetable',
  /** One user's enrolments, teaching assignments and attendance registrations. */
  timetableOf: (userId: number) => `timetable:${userId}`,
  /** Directory groups: every session user. */
  identity: 'identity',
  /** Resource links and categories, audience rules and their targets, link opens: everyone's resources. */
  resources: 'resources',
  /** One user's row, roles, group memberships and profile. */
  identityOf: (userId: number) => `identity:${userId}`,
  /** Absence requests and their files after a truncate: every student's list (migration 0021). */
  absences: 'absences',
  /** One student's absence requests and their files. */
  absencesOf: (userId: number) => `absences:${userId}`,
} as const;

const LATEST = 'select coalesce(max(version), 0)::bigint as version from cache_versions where key = any($1::text[])';

/**
 * The largest version of `keys`: one index lookup. Sent straight to the pg pool (no query
 * builder) since it runs on every request of the routes that keep answers.
 */
export async function latestCacheVersion(db: Db, keys: readonly string[]): Promise<number> {
  const pool = poolOf(db);
  if (pool) {
    const result = await pool.query<{ version: number }>(LATEST, [keys]);
    return Number(result.rows[0]?.version ?? 0);
  }
  const result = await sql<{ version: number }>`select coalesce(max(version), 0)::bigint as version from cache_versions where key = any(${[...keys]}::text[])`.execute(db);
  return Number(result.rows[0]?.version ?? 0);
}
