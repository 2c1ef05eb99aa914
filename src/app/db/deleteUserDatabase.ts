import { userDatabaseName } from './names';

/**
 * Deletes a user's database, e.g. at sign-out. Uses the raw IndexedDB API, so it needs no open
 * Dexie instance: Dexie closes its connections when another context deletes the database.
 */
export function deleteUserDatabase(userId: string): Promise<void> {
  const factory = globalThis.indexedDB as IDBFactory | undefined;
  if (!factory) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(userDatabaseName(userId));
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('Could not delete the user database'));
  });
}
