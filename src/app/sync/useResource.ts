import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ApiError } from '../api/ApiError';
import { dropOutdatedCopy, isValidCachedValue } from './cachedValue';
import { ensureFresh } from './ensureFresh';
import { getFetchStatus, subscribeFetchStatus, type FetchStatus } from './fetchStatus';
import { resourceKeyOf, type ResourceRef } from './registry';
import { useActiveUser } from './useActiveUser';
import { useResourceRow, type RowState } from './useResourceRow';

export interface ResourceState<T> {
  /** The cached value (with any optimistic writes applied); undefined until first loaded. */
  readonly data: T | undefined;
  /** When the server last confirmed it (epoch ms), for "Updated HH:mm". */
  readonly fetchedAt: number | undefined;
  /** A queued write of this resource is not confirmed yet. */
  readonly isPending: boolean;
  /** Nothing cached yet and a fetch is under way (or the cache is still being read). */
  readonly isLoading: boolean;
  /** The last fetch failed (e.g. offline); the cached data, if any, is still shown. */
  readonly error: ApiError | undefined;
  /** A check of it ended without storing a value (see `FetchStatus.hasSettled`): none is on its way. */
  readonly hasSettled: boolean;
  /** A paged list of which only the first pages are on this device so far. */
  readonly isPartial: boolean;
  /** The row's count of changes queued on this device (0 until one is): grows with each. */
  readonly version: number;
}

export function toResourceState<T>(row: RowState, status: FetchStatus): ResourceState<T> {
  const stored = row === 'loading' ? null : row;
  return {
    data: stored ? (stored.value as T) : undefined,
    fetchedAt: stored?.fetchedAt ?? undefined,
    isPending: stored?.isPending ?? false,
    isLoading: row === 'loading' || (stored === null && status.isFetching),
    error: status.error,
    hasSettled: status.hasSettled ?? false,
    isPartial: stored?.nextPage !== undefined,
    version: stored?.version ?? 0,
  };
}

/**
 * Reads a resource from the active user's Dexie database, live, and asks for a fresh copy when the
 * component mounts (`ensureFresh`: no call while within its time-to-live). The cached value is
 * parsed with the route's response schema first: one in an outdated shape (cached by an older
 * release) is never rendered; it is dropped and fetched again.
 */
export function useResource<T>(ref: ResourceRef<T>): ResourceState<T> {
  const key = resourceKeyOf(ref);
  const userId = useActiveUser()?.userId;
  const row = useResourceRow(key);
  const isOutdated = useMemo(() => row !== 'loading' && row !== null && !isValidCachedValue(key, row.value), [key, row]);
  const status = useSyncExternalStore(
    subscribeFetchStatus,
    () => getFetchStatus(key),
    () => getFetchStatus(key),
  );
  useEffect(() => {
    if (userId === undefined) return;
    ensureFresh(key).catch(() => undefined); // the error is in `status`; the cached copy still shows
  }, [userId, key]);
  useEffect(() => {
    if (userId === undefined || !isOutdated) return;
    dropOutdatedCopy(userId, key)
      .then(() => ensureFresh(key, { force: true }))
      .catch(() => undefined);
  }, [userId, key, isOutdated]);
  return toResourceState<T>(isOutdated ? null : row, status);
}
