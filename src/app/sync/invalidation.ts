import type { RouteDescriptor } from '../../shared/contract/route';
import { setAfterWrite } from '../api/writeEffects';
import { getActiveUser } from '../db/activeUser';
import { getUserDatabase } from '../db/userDatabase';
import { ensureFresh } from './ensureFresh';
import { findResource } from './registry';

/**
 * After a successful write, the resources its descriptor names in `invalidates` are marked stale
 * and, when registered (their feature is loaded), reloaded; the call resolves after that, so a
 * success message shows the new state. A failed reload is not the write's failure: the copy stays
 * stale and its next read fetches it.
 */
export async function invalidateAfterWrite(route: Pick<RouteDescriptor, 'invalidates'>): Promise<void> {
  const keys = route.invalidates ?? [];
  const user = getActiveUser();
  if (keys.length === 0 || !user) return;
  const db = getUserDatabase(user.userId);
  await db.transaction('rw', db.resources, async () => {
    for (const key of keys) await db.resources.update(key, { isStale: true });
  });
  await Promise.allSettled(keys.filter((key) => findResource(key)).map((key) => ensureFresh(key, { force: true })));
}

// Installed on load: the signed-in start-up imports this module (startSession.ts).
setAfterWrite(invalidateAfterWrite);
