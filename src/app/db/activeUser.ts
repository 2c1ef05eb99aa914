import type { SignedInUserInfo } from '../../shared/contract/user';

/**
 * Whose data the client is showing: the user `loadCurrentUser` last answered with (from the server,
 * or from the offline cache). The data layer opens that user's database and nobody else's.
 * Deliberately free of Dexie, so the route loaders can set it without loading the database code.
 */
let activeUser: SignedInUserInfo | null = null;
const listeners = new Set<() => void>();

export function getActiveUser(): SignedInUserInfo | null {
  return activeUser;
}

export function setActiveUser(user: SignedInUserInfo | null): void {
  if (user === activeUser) return;
  activeUser = user;
  for (const listener of [...listeners]) listener();
}

/** For `useSyncExternalStore`; returns the unsubscribe function. */
export function subscribeActiveUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
