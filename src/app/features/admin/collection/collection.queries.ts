import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectionApi } from './collectionApi';

/** Every admin collection's list under one root, each under its list route's id. */
export const collectionKeys = {
  all: ['adminCollection'] as const,
  list: (key: string) => [...collectionKeys.all, key] as const,
};

/** A collection's rows as loaded (undefined until then), the failure if any, and a way to read them again. */
export interface CollectionList<Item> {
  readonly value: readonly Item[] | undefined;
  readonly error: Error | null;
  readonly reload: () => Promise<void>;
}

/**
 * The rows of an admin collection (online only). A page that shows another collection's names
 * (the rules a link targets) reads that collection's list under the same key, so a change made on
 * one page is seen on the other.
 */
export function useCollectionList<Item>(api: Pick<CollectionApi<Item, never>, 'key' | 'list'>): CollectionList<Item> {
  const client = useQueryClient();
  const queryKey = collectionKeys.list(api.key);
  const query = useQuery({ queryKey, queryFn: ({ signal }) => api.list(signal) });
  return { value: query.data, error: query.error, reload: () => client.invalidateQueries({ queryKey }) };
}
