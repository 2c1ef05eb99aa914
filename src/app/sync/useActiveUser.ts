import { useSyncExternalStore } from 'react';
import type { SignedInUserInfo } from '../../shared/contract/user';
import { getActiveUser, subscribeActiveUser } from '../db/activeUser';

/** The user whose data is shown, or null; re-renders when another user becomes active. */
export function useActiveUser(): SignedInUserInfo | null {
  return useSyncExternalStore(subscribeActiveUser, getActiveUser, getActiveUser);
}
