import { useLiveQuery } from 'dexie-react-hooks';
import type { UserDatabase } from '../db/schema';
import { getUserDatabase } from '../db/userDatabase';
import { useActiveUser } from './useActiveUser';

/** A queued mutation, as features see it: what it is and with which arguments. */
export interface PendingMutation {
  readonly name: string;
  readonly args: unknown;
}

/** The mutations queued for a resource, in the order they will be sent. */
export async function pendingMutationsOf(db: UserDatabase, resourceKey: string): Promise<PendingMutation[]> {
  const entries = await db.outbox.where('resourceKey').equals(resourceKey).sortBy('seq');
  return entries.map(({ name, args }) => ({ name, args }));
}

const none: readonly PendingMutation[] = [];

/** The mutations queued for a resource, live: a reload still shows them, a delivery removes them. */
export function usePendingMutations(resourceKey: string): readonly PendingMutation[] {
  const userId = useActiveUser()?.userId;
  return useLiveQuery(
    async () => (userId === undefined ? none : pendingMutationsOf(getUserDatabase(userId), resourceKey)),
    [userId, resourceKey],
    none,
  );
}

/** How many writes wait in the active user's outbox, live (0 when nobody is signed in). */
export function useOutboxCount(): number {
  const userId = useActiveUser()?.userId;
  return useLiveQuery(async () => (userId === undefined ? 0 : getUserDatabase(userId).outbox.count()), [userId], 0);
}
