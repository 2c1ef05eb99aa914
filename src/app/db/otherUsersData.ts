import { deleteUserDatabase } from './deleteUserDatabase';
import { databasePrefix } from './names';
import { stringsOf } from '../../shared/guards';

/**
 * A user whose session simply expired never signs out, so their database (absence drafts with
 * medical evidence, queued writes, cached records) would stay on a shared device. Once the server
 * confirms who is signed in now, every other user's database is deleted.
 *
 * The database names come from `indexedDB.databases()`; browsers without it rely on a small list,
 * kept in local storage, of the users whose database this device ever opened.
 * Deliberately free of Dexie: start-up calls this before the data layer is loaded.
 */

/** Local storage key of the user ids whose database was opened on this device. */
export const knownUserDatabasesKey = 'cc.userDatabases';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // blocked by privacy settings
  }
}

function readKnownUsers(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(knownUserDatabasesKey) ?? '[]');
    return stringsOf(parsed);
  } catch {
    return [];
  }
}

function writeKnownUsers(userIds: readonly string[]): void {
  try {
    if (userIds.length === 0) storage()?.removeItem(knownUserDatabasesKey);
    else storage()?.setItem(knownUserDatabasesKey, JSON.stringify([...new Set(userIds)]));
  } catch {
    // quota or privacy settings: indexedDB.databases() still finds them where it exists
  }
}

/** Notes that this device holds `userId`'s database (called when it is opened). */
export function rememberUserDatabase(userId: string): void {
  const known = readKnownUsers();
  if (!known.includes(userId)) writeKnownUsers([...known, userId]);
}

/** The user ids of every user database the browser lists, or undefined where it cannot list them. */
async function listedUserIds(): Promise<string[] | undefined> {
  const factory = 'indexedDB' in globalThis ? globalThis.indexedDB : undefined;
  if (typeof factory?.databases !== 'function') return undefined;
  try {
    const databases = await factory.databases();
    return databases
      .map((database) => database.name ?? '')
      .filter((name) => name.startsWith(databasePrefix))
      .map((name) => name.slice(databasePrefix.length));
  } catch {
    return undefined;
  }
}

/**
 * Deletes the database of every user but `signedInUserId`, whose own is never touched.
 * Resolves with the user ids deleted; one that fails is logged and stays in the list for next time.
 */
export async function deleteOtherUsersData(signedInUserId: string): Promise<string[]> {
  const candidates = new Set([...((await listedUserIds()) ?? []), ...readKnownUsers()]);
  candidates.delete(signedInUserId);
  const deleted: string[] = [];
  for (const userId of candidates) {
    try {
      await deleteUserDatabase(userId);
      deleted.push(userId);
    } catch (error) {
      console.warn('Could not delete another user’s data on this device', error);
    }
  }
  // Re-read: the signed-in user's database may have been opened (and noted) in the meantime.
  writeKnownUsers(readKnownUsers().filter((userId) => !deleted.includes(userId)));
  return deleted;
}
