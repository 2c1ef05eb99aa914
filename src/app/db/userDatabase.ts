import { registerSignOutCleanup } from '../features/session/signOutCleanup';
import { getActiveUser, setActiveUser } from './activeUser';
import { deleteUserDatabase } from './deleteUserDatabase';
import { userDatabaseName } from './names';
import { rememberUserDatabase } from './otherUsersData';
import { UserDatabase } from './schema';

let open: { readonly userId: string; readonly db: UserDatabase } | undefined;
const cleanupRegistered = new Set<string>();

/**
 * The database of one user, created lazily (Dexie opens it on first use). Only one user's database
 * is open at a time: asking for another user closes the previous one, so nothing read afterwards
 * can come from it. Signing out deletes it (registered here, the first time it is opened).
 */
export function getUserDatabase(userId: string): UserDatabase {
  if (open?.userId === userId) return open.db;
  open?.db.close();
  const db = new UserDatabase(userDatabaseName(userId));
  open = { userId, db };
  rememberUserDatabase(userId);
  if (!cleanupRegistered.has(userId)) {
    cleanupRegistered.add(userId);
    registerSignOutCleanup(() => forgetUserData(userId));
  }
  return db;
}

/** The active user's database, or undefined when nobody is signed in. */
export function activeUserDatabase(): UserDatabase | undefined {
  const user = getActiveUser();
  return user ? getUserDatabase(user.userId) : undefined;
}

/** Closes the open database; the next `getUserDatabase` opens a new connection (a "restart"). */
export function closeUserDatabase(): void {
  open?.db.close();
  open = undefined;
}

/** Sign-out: nothing of this user stays readable, on screen or on disk. */
async function forgetUserData(userId: string): Promise<void> {
  if (getActiveUser()?.userId === userId) setActiveUser(null);
  if (open?.userId === userId) closeUserDatabase();
  await deleteUserDatabase(userId);
}
