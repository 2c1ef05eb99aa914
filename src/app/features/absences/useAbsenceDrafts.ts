import { useLiveQuery } from 'dexie-react-hooks';
import { getUserDatabase } from '../../db/userDatabase';
import { useActiveUser } from '../../sync/useActiveUser';
import { absenceDraftPrefix } from './absenceDrafts';

/** The unsent absence drafts on this device, live: draft key → when it was saved. */
export function useAbsenceDrafts(): ReadonlyMap<string, number> {
  const userId = useActiveUser()?.userId;
  return useLiveQuery(
    async () => {
      if (userId === undefined) return new Map<string, number>();
      const rows = await getUserDatabase(userId).drafts.where('key').startsWith(absenceDraftPrefix).toArray();
      return new Map(rows.map((row) => [row.key, row.savedAt]));
    },
    [userId],
    new Map<string, number>(),
  );
}
