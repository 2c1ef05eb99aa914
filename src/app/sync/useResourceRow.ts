import { useLiveQuery } from 'dexie-react-hooks';
import type { ResourceRow } from '../db/schema';
import { getUserDatabase } from '../db/userDatabase';
import { useActiveUser } from './useActiveUser';

/** 'loading' until the first read; null when the active user has no copy (or nobody is signed in). */
export type RowState = ResourceRow | null | 'loading';

/** The active user's cached row of a resource, live: re-renders on every change in Dexie. */
export function useResourceRow(key: string): RowState {
  const userId = useActiveUser()?.userId;
  return useLiveQuery<ResourceRow | null, 'loading'>(
    async () => (userId === undefined ? null : ((await getUserDatabase(userId).resources.get(key)) ?? null)),
    [userId, key],
    'loading',
  );
}
