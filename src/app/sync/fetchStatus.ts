import type { ApiError } from '../api/ApiError';
import { subscribeActiveUser } from '../db/activeUser';

/** Whether a resource is being fetched, and how its last fetch failed; read by `useResource`. */
export interface FetchStatus {
  readonly isFetching: boolean;
  readonly error: ApiError | undefined;
}

const idle: FetchStatus = { isFetching: false, error: undefined };
const statuses = new Map<string, FetchStatus>();
const listeners = new Set<() => void>();

export function getFetchStatus(key: string): FetchStatus {
  return statuses.get(key) ?? idle;
}

export function setFetchStatus(key: string, status: FetchStatus): void {
  statuses.set(key, status);
  for (const listener of [...listeners]) listener();
}

export function subscribeFetchStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets every status when another user becomes active: their errors are not ours. */
function resetFetchStatuses(): void {
  statuses.clear();
  for (const listener of [...listeners]) listener();
}

subscribeActiveUser(resetFetchStatuses);
