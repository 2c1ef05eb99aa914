import { cacheMinutes } from '../../../shared/constants';
import { welcomeWeekStorageKey } from '../../../shared/contract/content';
import { isRecord } from '../../../shared/guards';

/** What local storage keeps under `welcomeWeek` (SPEC §7): the url and when it was fetched. */
export interface CachedWelcomeWeek {
  readonly url: string;
  readonly fetchedAt: number;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const lifetimeMs = cacheMinutes.welcomeWeek * 60_000;

export function readWelcomeWeek(storage: KeyValueStorage): CachedWelcomeWeek | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(welcomeWeekStorageKey) ?? 'null');
    if (!isRecord(parsed) || typeof parsed.url !== 'string' || parsed.url === '' || typeof parsed.fetchedAt !== 'number') return undefined;
    return { url: parsed.url, fetchedAt: parsed.fetchedAt };
  } catch {
    return undefined;
  }
}

/** Within the SPEC §9 lifetime (120 minutes): no need to ask the server. */
export function isWelcomeWeekFresh(cached: CachedWelcomeWeek | undefined, now: number): boolean {
  return cached !== undefined && now >= cached.fetchedAt && now - cached.fetchedAt < lifetimeMs;
}

/** Stores the server's answer; a missing url is neither cached nor shown, so any old one goes. */
export function writeWelcomeWeek(storage: KeyValueStorage, url: string | null | undefined, now: number): CachedWelcomeWeek | undefined {
  if (!url) {
    storage.removeItem(welcomeWeekStorageKey);
    return undefined;
  }
  const cached: CachedWelcomeWeek = { url, fetchedAt: now };
  storage.setItem(welcomeWeekStorageKey, JSON.stringify(cached));
  return cached;
}
