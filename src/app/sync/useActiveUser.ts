import type { SignedInUserInfo } from '../../shared/contract/user';
import { activeUserStore } from '../db/activeUser';
import { useStore } from '../state/useStore';

/** The user whose data is shown, or null; re-renders when another user becomes active. */
export function useActiveUser(): SignedInUserInfo | null {
  return useStore(activeUserStore);
}
