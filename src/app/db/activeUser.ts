import type { SignedInUserInfo } from '../../shared/contract/user';
import { createStore } from '../state/createStore';

/**
 * Whose data the client is showing: the user `loadCurrentUser` last answered with (from the server,
 * or from the offline cache). The data layer opens that user's database and nobody else's.
 * Deliberately free of Dexie, so the route loaders can set it without loading the database code.
 */
export const activeUserStore = createStore<SignedInUserInfo | null>(null, { name: 'active user' });

export function getActiveUser(): SignedInUserInfo | null {
  return activeUserStore.get();
}

export function setActiveUser(user: SignedInUserInfo | null): void {
  activeUserStore.set(user);
}

/** For `useSyncExternalStore`; returns the unsubscribe function. */
export function subscribeActiveUser(listener: () => void): () => void {
  return activeUserStore.subscribe(listener);
}
