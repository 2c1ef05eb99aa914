import type { Clock } from '../clock.js';
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { poolOf } from '../db/database.js';
import { sql } from 'kysely';
import type { ActiveSession, SessionStore } from './session.service.js';

/** Sessions kept at most; the least recently used goes first. */
export const SESSION_CACHE_ENTRIES = 10_000;
/**
 * How long a kept session answers before the full lookup runs again. Below the store's 30 s slide
 * granularity, so a full lookup (which writes the slide when due) runs well inside every window.
 */
export const SESSION_CACHE_LIFE_MS = 20_000;

interface Entry {
  readonly session: ActiveSession;
  /** The identity version read before the lookup that made `session`. */
  readonly version: number;
  readonly keptAt: number;
}

interface CheckRow {
  readonly user_id: number;
  readonly expires_at: Date;
  readonly absolute_expires_at: Date;
  readonly version: number;
  readonly timetable_version: number;
}

/**
 * The session row, its user's identity version and, in the same round trip, the timetable version
 * of the session row's user (which GET /api/timetable would otherwise ask for separately).
 */
const CHECK = `select s.user_id, s.expires_at, s.absolute_expires_at,
  (select coalesce(max(v.version), 0) from cache_versions v where v.key in ('identity', 'identity:' || s.user_id))::bigint as version,
  (select coalesce(max(v.version), 0) from cache_versions v where v.key in ('timetable', 'timetable:' || s.user_id))::bigint as timetable_version
  from sessions s where s.id_hash = $1`;

/** A timetable version read for a user during this request's session check. */
export interface KnownVersion {
  readonly userId: number;
  readonly version: number;
}

const timetableVersions = new WeakMap<ActiveSession, KnownVersion>();

/**
 * The timetable version (cacheKeys.timetable and cacheKeys.timetableOf(userId)) read with this
 * request's session check, and whose it is; undefined when the session did not come through it.
 */
export function timetableVersionOf(session: ActiveSession | null | undefined): KnownVersion | undefined {
  return session ? timetableVersions.get(session) : undefined;
}

const hashOf = (id: string): string => createHash('sha256').update(id).digest('base64url');

/**
 * The session lookup of every API request, kept per session in this instance. A kept answer is
 * used only after one primary-key query shows, in the database every instance shares, that the
 * session row still exists, has not expired, needs no slide written, and that neither the user
 * (row, roles, group memberships) nor any directory group changed since it was kept (the identity
 * versions triggers bump, migration 0018). A sign-out, a revocation or a role change made on any
 * instance therefore counts on the next request everywhere. Otherwise, and at least every
 * SESSION_CACHE_LIFE_MS, the store's full lookup runs (and slides the stored expiry when due).
 * Keyed on the session id's hash; it keeps whatever the store's lookup returns, except view-as
 * sessions (issue 17), which the store answers every time.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly store: Pick<SessionStore, 'touch'>,
    private readonly idleMinutes: number,
    private readonly clock: Clock,
    private readonly capacity = SESSION_CACHE_ENTRIES,
  ) {}

  async #check(idHash: string): Promise<CheckRow | undefined> {
    // Straight to the pg pool (no query builder): this runs on every signed-in API request.
    const pool = poolOf(this.db);
    if (pool) return (await pool.query<CheckRow>(CHECK, [idHash])).rows[0];
    // A Db not made by createDb (none today): the same query through Kysely.
    return (await sql<CheckRow>`${sql.raw(CHECK.slice(0, -'$1'.length))}${idHash}`.execute(this.db)).rows[0];
  }

  #withVersion(session: ActiveSession, row: CheckRow): ActiveSession {
    timetableVersions.set(session, { userId: Number(row.user_id), version: Number(row.timetable_version) });
    return session;
  }

  /** The store's `touch`, answered from this instance's copy when the database says it still holds. */
  async touch(id: string, { slide = true }: { slide?: boolean } = {}): Promise<ActiveSession | undefined> {
    const idHash = hashOf(id);
    const row = await this.#check(idHash);
    const now = this.clock.nowMs();
    const kept = this.#entries.get(idHash);
    if (!row || row.expires_at.getTime() <= now || row.absolute_expires_at.getTime() <= now) {
      // Gone or expired: the store decides (and deletes an expired row).
      this.#entries.delete(idHash);
      return this.store.touch(id, { slide });
    }
    const version = Number(row.version);
    const absolute = row.absolute_expires_at.getTime();
    const idleEnd = Math.min(now + this.idleMinutes * 60_000, absolute);
    const slideDue = slide && row.expires_at.getTime() < idleEnd;
    if (kept && kept.version === version && !slideDue && now - kept.keptAt < SESSION_CACHE_LIFE_MS) {
      this.#entries.delete(idHash);
      this.#entries.set(idHash, kept);
      // What the store would answer now: the idle window from this request, or the stored expiry unslid.
      return this.#withVersion({ ...kept.session, expiresAt: slide ? new Date(idleEnd) : row.expires_at }, row);
    }
    const session = await this.store.touch(id, { slide });
    this.#entries.delete(idHash);
    if (!session) return undefined;
    this.#withVersion(session, row);
    // A view-as session ends at a fixed time and its lookup may hand the administrator's own session
    // back (`reissuedId`): neither follows the idle-window rule above, so the store answers each time.
    if (session.viewAs || session.reissuedId) return session;
    this.#entries.set(idHash, { session, version, keptAt: now });
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    return session;
  }
}
