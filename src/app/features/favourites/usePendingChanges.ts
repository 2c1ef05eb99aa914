import { useMemo } from 'react';
import { usePendingMutations } from '../../sync/pendingMutations';
import { pendingChanges, type PendingChange } from './pendingChanges';

/** The favourites of a resource whose changes wait in the outbox, live (so a reload still shows them). */
export function usePendingChanges(resourceKey: string): ReadonlyMap<number, PendingChange> {
  const pending = usePendingMutations(resourceKey);
  return useMemo(() => pendingChanges(pending), [pending]);
}
