import { useLiveQuery } from 'dexie-react-hooks';
import { getUserDatabase } from '../../db/userDatabase';
import { useActiveUser } from '../../sync/useActiveUser';
import { pendingRowIds } from './notificationList';
import { notificationsResource } from './resources';

const none: ReadonlySet<number> = new Set();

/** The notifications whose mark waits in the outbox, live, so a reload still shows them pending. */
export function usePendingMarks(): ReadonlySet<number> {
  const userId = useActiveUser()?.userId;
  return useLiveQuery(
    async () => {
      if (userId === undefined) return none;
      const entries = await getUserDatabase(userId).outbox.where('resourceKey').equals(notificationsResource.key).toArray();
      return pendingRowIds(entries);
    },
    [userId],
    none,
  );
}
