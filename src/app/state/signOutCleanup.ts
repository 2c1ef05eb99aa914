/**
 * Work that must happen on this device when the user signs out, registered by whatever keeps
 * per-user data (the data layer deletes the user's IndexedDB; features end push subscriptions and
 * live feeds). The session feature runs them before it leaves for the sign-out endpoint. It lives
 * in the core so that the data layer registers without knowing any feature.
 */
export type SignOutCleanup = () => Promise<void> | void;

const cleanups = new Set<SignOutCleanup>();

/** Adds a cleanup; returns a function that removes it again. */
export function registerSignOutCleanup(fn: SignOutCleanup): () => void {
  cleanups.add(fn);
  return () => {
    cleanups.delete(fn);
  };
}

/**
 * Runs every registered cleanup at once and waits for all of them. A failing cleanup is logged
 * and does not stop the others, nor the sign-out itself.
 */
export async function runSignOutCleanups(): Promise<void> {
  const results = await Promise.allSettled([...cleanups].map(async (fn) => fn()));
  for (const result of results) {
    if (result.status === 'rejected') console.error('A sign-out cleanup failed', result.reason);
  }
}
