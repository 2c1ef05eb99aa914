import { useMemo } from 'react';
import { usePendingMutations } from '../../sync/pendingMutations';
import { pendingRowIds } from './notificationList';
import { notificationsResource } from './resources';

/** The notifications whose mark waits in the outbox, live, so a reload still shows them pending. */
export function usePendingMarks(): ReadonlySet<number> {
  const pending = usePendingMutations(notificationsResource.key);
  return useMemo(() => pendingRowIds(pending), [pending]);
}
