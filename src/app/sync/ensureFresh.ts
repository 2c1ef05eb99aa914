import { conditionalGet, type ConditionalResult } from '../api/conditionalGet';
import { dropPageAnswer } from '../api/pageAnswers';
import { buildUrl } from '../api/url';
import { isApiError } from '../api/ApiError';
import { getActiveUser } from '../db/activeUser';
import type { UserDatabase } from '../db/schema';
import { getUserDatabase } from '../db/userDatabase';
import { userIdOfDatabase } from '../db/names';
import { isValidCachedValue } from './cachedValue';
import { applyMutations } from './mutation';
import { getFetchStatus, markFetchSettled, setFetchStatus } from './fetchStatus';
import { fetchRemainingPages, shownWithPages } from './pagedList';
import { getResource, resourceKeyOf, type Resource, type ResourceRef } from './registry';

/**
 * What `ensureFresh` did: `fresh` (within its time-to-live, no call), `fetched` (new value
 * stored), `rebased` (new server value stored as the base, with the queued mutations applied on
 * top), `not-modified` (304), `kept-local` (the answer was not stored: a queued mutation left the
 * outbox while it travelled, so it may predate that write), `not-allowed` (this user may not load
 * it), `signed-out`, `other-user` (the answer was made for another user than this database's: not
 * stored).
 */
export type FreshOutcome = 'fresh' | 'fetched' | 'rebased' | 'not-modified' | 'kept-local' | 'not-allowed' | 'signed-out' | 'other-user';

export interface EnsureFreshOptions {
  /** Ask the server even when the copy is within its time-to-live. */
  readonly force?: boolean;
}

/**
 * A check under way. `reading`: the cached row is being read and nothing is decided, so a forced
 * call can still join it (it then fetches whatever the row says); `sending`: the request has left,
 * or `settled`: it decided the copy was fresh. A forced call that finds one of the last two waits
 * for it and then asks again, since the answer it needs is one to a request sent after it was made.
 */
interface FlightState {
  phase: 'reading' | 'sending' | 'settled';
  isForced: boolean;
}
interface Flight extends FlightState {
  readonly promise: Promise<FreshOutcome>;
}

const inFlight = new Map<string, Flight>();
/** Forced calls waiting for a flight that left before them: one follow-up serves them all. */
const followUps = new Map<string, Promise<FreshOutcome>>();
const minuteMs = 60_000;

/**
 * Makes sure the active user's copy of a resource is fresh: fetches only when it is missing,
 * stale or forced, revalidating with If-None-Match, and stores value, ETag and time in one
 * transaction. Concurrent calls for the same resource share one request, except that a forced call
 * never takes the answer to a request sent before it (see `Flight`). Rejects with `ApiError`.
 */
export function ensureFresh(ref: ResourceRef, options: EnsureFreshOptions = {}): Promise<FreshOutcome> {
  const resource = getResource(resourceKeyOf(ref));
  const user = getActiveUser();
  if (!user) return Promise.resolve('signed-out');
  if (!resource.isAllowed(user)) {
    markFetchSettled(resource.key);
    return Promise.resolve('not-allowed');
  }
  const db = getUserDatabase(user.userId);
  const flightKey = `${db.name}|${resource.key}`;
  const isForced = options.force === true;
  const existing = inFlight.get(flightKey);
  if (existing && (!isForced || existing.phase === 'reading')) {
    existing.isForced ||= isForced;
    return existing.promise;
  }
  if (existing) {
    const waiting = followUps.get(flightKey);
    if (waiting) return waiting;
    const followUp = existing.promise
      .catch(() => undefined)
      .then(() => {
        followUps.delete(flightKey);
        return ensureFresh(ref, options);
      });
    followUps.set(flightKey, followUp);
    return followUp;
  }
  const state: FlightState = { phase: 'reading', isForced };
  const promise = refresh(db, resource, state)
    .then(
      (outcome) => {
        // An answer that stored nothing (made for another user, or kept local with no copy): no
        // value is on its way. A stored one arrives through the live query, which ends the wait.
        if (!storesValue(outcome)) markFetchSettled(resource.key);
        return outcome;
      },
      (error: unknown) => {
        // Even a failure before the request left (the cache unreadable).
        markFetchSettled(resource.key);
        throw error;
      },
    )
    .finally(() => {
      if (inFlight.get(flightKey)?.promise === promise) inFlight.delete(flightKey);
    });
  inFlight.set(flightKey, Object.assign(state, { promise }));
  return promise;
}

/** Outcomes after which the resource's row holds a value (the live query shows it). */
const storesValue = (outcome: FreshOutcome): boolean => outcome === 'fetched' || outcome === 'rebased' || outcome === 'not-modified' || outcome === 'fresh';

function isWithinTtl(fetchedAt: number | null, ttlMinutes: number): boolean {
  return fetchedAt !== null && Date.now() - fetchedAt < ttlMinutes * minuteMs;
}

async function refresh(db: UserDatabase, resource: Resource, flight: FlightState): Promise<FreshOutcome> {
  const row = await db.resources.get(resource.key);
  // Decided in the same turn as the phase changes, so no forced call can join after the decision.
  // A paged list fetched only part-way is never fresh: the check goes on with its next page.
  // The page's answer (api/pageAnswers.ts) was made when the page was: it may stand in only for a
  // resource with no copy here, and not for a forced check (a reload after a write the server has
  // since taken). Otherwise the check asks the server, or needs nothing.
  if (row || flight.isForced) dropPageAnswer(buildUrl(resource.route.path, resource.params, resource.query));
  if (row && !flight.isForced && !row.isStale && !row.nextPage && isWithinTtl(row.fetchedAt, resource.ttlMinutes)) {
    flight.phase = 'settled';
    return 'fresh';
  }
  flight.phase = 'sending';
  setFetchStatus(resource.key, { isFetching: true, error: undefined, hasSettled: getFetchStatus(resource.key).hasSettled ?? false });
  try {
    // A copy in an outdated shape (an older release's) must not be confirmed by a 304.
    const etag = row && isValidCachedValue(resource.key, row.value) ? row.etag : undefined;
    const answer = await conditionalGet(resource.route, { params: resource.params, query: resource.query, etag });
    const outcome = await store(db, resource, row?.acks ?? 0, answer);
    if (resource.paging && storesValue(outcome)) await fetchRemainingPages(db, resource, resource.paging);
    setFetchStatus(resource.key, { isFetching: false, error: undefined, hasSettled: getFetchStatus(resource.key).hasSettled ?? false });
    return outcome;
  } catch (error) {
    setFetchStatus(resource.key, { isFetching: false, error: isApiError(error) ? error : undefined, hasSettled: true });
    throw error;
  }
}

/**
 * Stores the answer as the row's base and shows it with the queued mutations applied on top, in
 * order (rebase), unless a mutation left the queue while the request travelled (`acks` changed):
 * the answer may predate the server applying it, so the row stays stale for the next fetch.
 */
async function store(db: UserDatabase, resource: Resource, startAcks: number, answer: ConditionalResult): Promise<FreshOutcome> {
  const { key, paging } = resource;
  // Made for someone else (the cookies changed under this page: a view started or ended in another
  // tab): never stored in this user's database.
  if (answer.isModified && answer.sessionUser && answer.sessionUser !== userIdOfDatabase(db.name)) return 'other-user';
  return db.transaction('rw', db.resources, db.outbox, async () => {
    const current = await db.resources.get(key);
    if ((current?.acks ?? 0) !== startAcks) return 'kept-local';
    const pending = await db.outbox.where('resourceKey').equals(key).sortBy('seq');
    const fetchedAt = Date.now();
    if (!answer.isModified) {
      if (!current) return 'kept-local';
      await db.resources.update(key, { fetchedAt, isStale: false, isPending: pending.length > 0 });
      return 'not-modified';
    }
    // A paged list's first page: the copy held before still shows beyond it (pagedList.ts).
    const shown = paging && Array.isArray(answer.value) ? shownWithPages(paging, answer.value, current?.value, answer.nextPage === undefined) : answer.value;
    await db.resources.put({
      key,
      base: answer.value,
      value: applyMutations(shown, pending),
      etag: answer.etag,
      fetchedAt,
      isPending: pending.length > 0,
      isStale: false,
      version: current?.version ?? 0,
      acks: startAcks,
      ...(answer.nextPage ? { nextPage: answer.nextPage } : {}),
    });
    return pending.length > 0 ? 'rebased' : 'fetched';
  });
}
