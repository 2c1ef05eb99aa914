import { registerSignOutCleanup } from '../state/signOutCleanup';
import { getActiveUser, setActiveUser } from './activeUser';
import { deleteDatabaseNamed } from './deleteUserDatabase';
import { userDatabaseName, viewAsDatabaseName } from './names';
import { rememberUserDatabase } from './otherUsersData';
import { UserDatabase } from './schema';
import { rememberViewAsDatabase } from './viewAsData';

let open: { readonly name: string; readonly db: UserDatabase } | undefined;
const cleanupRegistered = new Set<string>();

/**
 * Where a user's data lives: their own database, except while an administrator views as them
 * (issue 17), when it is a temporary view-as database, so nothing seen is ever written into the
 * user's own database, nor the administrator's.
 */
export function databaseNameFor(userId: string): string {
  const active = getActiveUser();
  return active?.viewAs !== undefined && active.userId === userId ? viewAsDatabaseName(userId) : userDatabaseName(userId);
}

/**
 * The database of one user, created lazily (Dexie opens it on first use). Only one user's database
 * is open at a time: asking for another user closes the previous one, so nothing read afterwards
 * can come from it. Signing out deletes it (registered here, the first time it is opened).
 */
export function getUserDatabase(userId: string): UserDatabase {
  const name = databaseNameFor(userId);
  if (open?.name === name) return open.db;
  open?.db.close();
  const db = new UserDatabase(name);
  open = { name, db };
  if (name === userDatabaseName(userId)) rememberUserDatabase(userId);
  else rememberViewAsDatabase(name);
  if (!cleanupRegistered.has(name)) {
    cleanupRegistered.add(name);
    registerSignOutCleanup(() => forgetUserData(userId, name));
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
async function forgetUserData(userId: string, name: string): Promise<void> {
  if (getActiveUser()?.userId === userId) setActiveUser(null);
  if (open?.name === name) closeUserDatabase();
  await deleteDatabaseNamed(name);
}
