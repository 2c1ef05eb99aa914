import type { ApiError } from '../api/ApiError';
import { subscribeActiveUser } from '../db/activeUser';
import { createStore } from '../state/createStore';

/** Whether a resource is being fetched, and how its last fetch failed; read by `useResource`. */
export interface FetchStatus {
  readonly isFetching: boolean;
  readonly error: ApiError | undefined;
  /**
   * A check of this resource has ended without storing a value since the user became active
   * (refused, failed, not for this user, an answer made for someone else): no value is on its way.
   */
  readonly hasSettled?: boolean;
}

const idle: FetchStatus = { isFetching: false, error: undefined };
const statuses = createStore<ReadonlyMap<string, FetchStatus>>(new Map(), { name: 'fetch status' });

export function getFetchStatus(key: string): FetchStatus {
  return statuses.get().get(key) ?? idle;
}

export function setFetchStatus(key: string, status: FetchStatus): void {
  statuses.update((current) => new Map(current).set(key, status));
}

/** Marks the resource's check as ended, keeping the rest of its status. */
export function markFetchSettled(key: string): void {
  statuses.update((current) => new Map(current).set(key, { ...(current.get(key) ?? idle), isFetching: false, hasSettled: true }));
}

export function subscribeFetchStatus(listener: () => void): () => void {
  return statuses.subscribe(listener);
}

/** Forgets every status when another user becomes active: their errors are not ours. */
function resetFetchStatuses(): void {
  statuses.set(new Map());
}

subscribeActiveUser(resetFetchStatuses);
