import type { ApiError } from '../api/ApiError';
import { subscribeActiveUser } from '../db/activeUser';
import { createStore } from '../state/createStore';

/** Whether a resource is being fetched, and how its last fetch failed; read by `useResource`. */
export interface FetchStatus {
  readonly isFetching: boolean;
  readonly error: ApiError | undefined;
}

const idle: FetchStatus = { isFetching: false, error: undefined };
const statuses = createStore<ReadonlyMap<string, FetchStatus>>(new Map(), { name: 'fetch status' });

export function getFetchStatus(key: string): FetchStatus {
  return statuses.get().get(key) ?? idle;
}

export function setFetchStatus(key: string, status: FetchStatus): void {
  statuses.update((current) => new Map(current).set(key, status));
}

export function subscribeFetchStatus(listener: () => void): () => void {
  return statuses.subscribe(listener);
}

/** Forgets every status when another user becomes active: their errors are not ours. */
function resetFetchStatuses(): void {
  statuses.set(new Map());
}

subscribeActiveUser(resetFetchStatuses);
