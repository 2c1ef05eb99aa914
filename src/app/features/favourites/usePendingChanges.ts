import { useLiveQuery } from 'dexie-react-hooks';
import { getUserDatabase } from '../../db/userDatabase';
import { useActiveUser } from '../../sync/useActiveUser';
import { pendingChanges, type PendingChange } from './pendingChanges';

const none: ReadonlyMap<number, PendingChange> = new Map();

/** The favourites of a resource whose changes wait in the outbox, live (so a reload still shows them). */
export function usePendingChanges(resourceKey: string): ReadonlyMap<number, PendingChange> {
  const userId = useActiveUser()?.userId;
  return useLiveQuery(
    async () => {
      if (userId === undefined) return none;
      const entries = await getUserDatabase(userId).outbox.where('resourceKey').equals(resourceKey).sortBy('seq');
      return pendingChanges(entries);
    },
    [userId, resourceKey],
    none,
  );
}
