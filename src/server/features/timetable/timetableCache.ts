import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { timetableRoute } from '../../../shared/contract/timetable.js';
import type { Db } from '../../db/database.js';
import { serialiseResponse, type SerialisedJson } from '../../http/contractRoutes.js';
import { eventsFingerprint, type TimetableOwner, type TimetableWindow } from './timetable.queries.js';
import { loadTimetable, timetableWindow } from './timetable.service.js';

/** Users whose timetable answer is kept, least recently asked for dropped first (about 100 kB each). */
export const TIMETABLE_CACHE_ENTRIES = 200;

interface Entry {
  readonly fingerprint: string;
  readonly body: SerialisedJson;
}

/** The weak ETag @fastify/etag would give the same body. */
const weakEtagOf = (json: string): string => `W/"${createHash('sha1').update(json).digest('base64')}"`;

function serialisedTimetable(json: string): SerialisedJson {
  const encoded: Partial<Record<'br' | 'gzip' | 'identity', Buffer>> = {};
  const compress = (encoding: 'br' | 'gzip' | 'identity'): Buffer => {
    if (encoding === 'identity') return Buffer.from(json);
    return encoding === 'br'
      ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } })
      : gzipSync(json, { level: 9 });
  };
  return {
    kind: 'serialisedJson',
    json,
    etag: weakEtagOf(json),
    encode: (encoding) => (encoded[encoding] ??= compress(encoding)),
  };
}

/**
 * GET /api/timetable answers, serialised once per user and timetable version. Each request asks
 * PostgreSQL only for a fingerprint of the rows the answer is built from (an md5 over exactly those
 * rows, so any change to an event, a room or module name, an enrolment, a teaching assignment or a
 * registration changes it); while it is unchanged the kept body, ETag and compressed copies are
 * sent, with no row transfer, date formatting, schema parse, stringify, hash or compression.
 * Every instance keeps its own copy and checks the database each time, so several instances stay
 * correct. A write between the fingerprint and the load is caught by the next request's fingerprint.
 */
export class TimetableCache {
  readonly #entries = new Map<string, Entry>();
  /** Loads under way, by key and fingerprint: concurrent requests for the same version share one. */
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

  async answer(owner: TimetableOwner, now: Date): Promise<SerialisedJson> {
    const window = this.#windowOf(now);
    const key = `${owner.userId}|${owner.isStudent}|${owner.isLecturer}|${window.label}`;
    const fingerprint = await eventsFingerprint(this.db, owner, window);
    const kept = this.#entries.get(key);
    if (kept && kept.fingerprint === fingerprint) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept.body;
    }
    const loadKey = `${key}|${fingerprint}`;
    const loading = this.#loading.get(loadKey);
    if (loading) return loading;
    const load = this.#load(key, fingerprint, owner, window, now).finally(() => this.#loading.delete(loadKey));
    this.#loading.set(loadKey, load);
    return load;
  }

  async #load(key: string, fingerprint: string, owner: TimetableOwner, window: ReturnType<typeof timetableWindow>, now: Date): Promise<SerialisedJson> {
    const body = serialisedTimetable(serialiseResponse(timetableRoute, await loadTimetable(this.db, owner, now)));
    // The rows may have changed between the fingerprint and the load: keep the body only when the
    // fingerprint still holds, so a body is never kept under a fingerprint it does not match.
    if ((await eventsFingerprint(this.db, owner, window)) !== fingerprint) return body;
    this.#entries.delete(key);
    this.#entries.set(key, { fingerprint, body });
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    return body;
  }
}
