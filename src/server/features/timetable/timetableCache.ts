import type { KnownVersion } from '../../auth/sessionCache.js';
import { timetableRoute } from '../../../shared/contract/timetable.js';
import { cacheKeys, latestCacheVersion } from '../../db/cacheVersions.js';
import type { Db } from '../../db/database.js';
import { serialiseResponse, type SerialisedJson } from '../../http/contractRoutes.js';
import { keptJson } from '../../http/keptJson.js';
import type { TimetableOwner, TimetableWindow } from './timetable.queries.js';
import { loadTimetable, timetableWindow } from './timetable.service.js';

/** Users whose timetable answer is kept, least recently asked for dropped first (about 100 kB each). */
export const TIMETABLE_CACHE_ENTRIES = 200;

interface Entry {
  readonly version: number;
  readonly body: SerialisedJson;
}

/**
 * GET /api/timetable answers, serialised once per user and timetable version. Each request asks
 * PostgreSQL only for the largest of two versions (one index lookup): `timetable`, which triggers
 * bump on any change to an event, module, room or building, and `timetable:<user>`, bumped on any
 * change to that user's enrolments, teaching assignments or registrations (migration 0018). While
 * it is unchanged the kept body, ETag and compressed copies are sent, with no row transfer, date
 * formatting, schema parse, stringify, hash or compression. Every instance keeps its own copy and
 * reads the version from the shared database on every request, so a change made through any
 * instance (or none) shows on the next request everywhere. The version is read before the rows,
 * so a kept body is never older than the version it is kept under.
 */
export class TimetableCache {
  readonly #entries = new Map<string, Entry>();
  /** Loads under way, by key and version: concurrent requests for the same version share one. */
  readonly #loading = new Map<string, Promise<SerialisedJson>>();
  /** The academic year last asked for: the window of every instant inside it (years are contiguous). */
  #window: TimetableWindow | undefined;

  constructor(private readonly db: Db, private readonly capacity = TIMETABLE_CACHE_ENTRIES) {}

  #windowOf(now: Date): TimetableWindow {
    const kept = this.#window;
    if (kept && now >= kept.start && now < kept.end) return kept;
    this.#window = timetableWindow(now);
    return this.#window;
  }

  /**
   * `known`: the version already read during this request (with the session check), used when it
   * is the owner's; otherwise it is read here.
   */
  async answer(owner: TimetableOwner, now: Date, known?: KnownVersion): Promise<SerialisedJson> {
    const window = this.#windowOf(now);
    const key = `${owner.userId}|${owner.isStudent}|${owner.isLecturer}|${window.label}`;
    const version =
      known?.userId === owner.userId ? known.version : await latestCacheVersion(this.db, [cacheKeys.timetable, cacheKeys.timetableOf(owner.userId)]);
    const kept = this.#entries.get(key);
    if (kept && kept.version === version) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept.body;
    }
    const loadKey = `${key}|${version}`;
    const loading = this.#loading.get(loadKey);
    if (loading) return loading;
    const load = this.#load(key, version, owner, now).finally(() => this.#loading.delete(loadKey));
    this.#loading.set(loadKey, load);
    return load;
  }

  async #load(key: string, version: number, owner: TimetableOwner, now: Date): Promise<SerialisedJson> {
    const body = keptJson(serialiseResponse(timetableRoute, await loadTimetable(this.db, owner, now)));
    // A newer version may have been kept meanwhile (a later request): keep only the newer one.
    const kept = this.#entries.get(key);
    if (kept && kept.version > version) return body;
    this.#entries.delete(key);
    this.#entries.set(key, { version, body });
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    return body;
  }
}
