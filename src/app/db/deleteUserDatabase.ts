import { userDatabaseName } from './names';

/**
 * Deletes a database by its name. Uses the raw IndexedDB API, so it needs no open Dexie
 * instance: Dexie closes its connections when another context deletes the database.
 */
export function deleteDatabaseNamed(name: string): Promise<void> {
  const factory = 'indexedDB' in globalThis ? globalThis.indexedDB : undefined;
  if (!factory) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('Could not delete the user database'));
  });
}

/** Deletes a user's own database, e.g. at sign-out. */
export function deleteUserDatabase(userId: string): Promise<void> {
  return deleteDatabaseNamed(userDatabaseName(userId));
}
