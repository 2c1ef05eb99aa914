import { resourcesRoute } from '../../../shared/contract/resources.js';
import { cacheKeys, latestCacheVersion } from '../../db/cacheVersions.js';
import type { Db } from '../../db/database.js';
import { serialiseResponse, type SerialisedJson } from '../../http/contractRoutes.js';
import { keptJson } from '../../http/keptJson.js';
import { loadResources, POPULAR_WINDOW_DAYS } from './resources.service.js';

/** Users whose resources answer is kept, least recently asked for dropped first (a few kB each). */
export const RESOURCES_CACHE_ENTRIES = 2_000;

const WINDOW_MS = POPULAR_WINDOW_DAYS * 24 * 60 * 60 * 1000;

interface Entry {
  readonly version: number;
  /** The answer holds up to this instant: then the oldest open it counts leaves the popular window. */
  readonly validUntil: number;
  readonly body: SerialisedJson;
}

/**
 * GET /api/content/resources answers, serialised once per user and version, like the timetable's
 * (timetableCache.ts). The version is the largest of `resources` (links, categories, audience
 * rules and their targets, link opens), `identity` and `identity:<user>` (roles, groups, profile:
 * what audience rules match on), which triggers bump in the writing transaction (migration 0018),
 * read on every request from the shared database. The popular list also changes with time alone,
 * as opens leave its rolling window: an answer is kept only until the oldest open inside the
 * window at load time leaves it.
 */
export class ResourcesCache {
  readonly #entries = new Map<number, Entry>();

  constructor(private readonly db: Db, private readonly capacity = RESOURCES_CACHE_ENTRIES) {}

  async answer(userId: number, now: Date): Promise<SerialisedJson> {
    const version = await latestCacheVersion(this.db, [cacheKeys.resources, cacheKeys.identity, cacheKeys.identityOf(userId)]);
    const kept = this.#entries.get(userId);
    if (kept && kept.version === version && now.getTime() <= kept.validUntil) {
      this.#entries.delete(userId);
      this.#entries.set(userId, kept);
      return kept.body;
    }
    // Read before the answer: an open added meanwhile bumps the version anyway.
    const oldest = await this.db
      .selectFrom('resource_link_opens')
      .select((eb) => eb.fn.min('opened_at').as('opened_at'))
      .where('opened_at', '>=', new Date(now.getTime() - WINDOW_MS))
      .executeTakeFirst();
    const body = keptJson(serialiseResponse(resourcesRoute, await loadResources(this.db, userId, now)));
    const validUntil = oldest?.opened_at ? new Date(oldest.opened_at).getTime() + WINDOW_MS : Number.POSITIVE_INFINITY;
    const current = this.#entries.get(userId);
    if (current && current.version > version) return body;
    this.#entries.delete(userId);
    this.#entries.set(userId, { version, validUntil, body });
    if (this.#entries.size > this.capacity) {
      const first = this.#entries.keys().next();
      if (!first.done) this.#entries.delete(first.value);
    }
    return body;
  }
}
