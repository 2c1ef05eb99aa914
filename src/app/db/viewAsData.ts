import { deleteDatabaseNamed } from './deleteUserDatabase';
import { viewAsDatabasePrefix } from './names';
import { stringsOf } from '../../shared/guards';

/**
 * The temporary databases of view-as sessions (issue 17). Each holds what an administrator saw
 * while viewing as someone; none outlives its session: stop deletes it, and any page load that is
 * not a view-as session (after an expiry, a closed tab, a sign-out) deletes every one left.
 * Deliberately free of Dexie: start-up calls this before the data layer is loaded.
 */

/** Local storage key of the view-as database names opened on this device (for browsers without `indexedDB.databases()`). */
export const knownViewAsDatabasesKey = 'cc.viewAsDatabases';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function readKnown(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(knownViewAsDatabasesKey) ?? '[]');
    return stringsOf(parsed);
  } catch {
    return [];
  }
}

function writeKnown(names: readonly string[]): void {
  try {
    if (names.length === 0) storage()?.removeItem(knownViewAsDatabasesKey);
    else storage()?.setItem(knownViewAsDatabasesKey, JSON.stringify([...new Set(names)]));
  } catch {
    // quota or privacy settings: indexedDB.databases() still finds them where it exists
  }
}

/** Notes a view-as database as opened on this device. */
export function rememberViewAsDatabase(name: string): void {
  const known = readKnown();
  if (!known.includes(name)) writeKnown([...known, name]);
}

async function listedNames(): Promise<string[]> {
  const factory = 'indexedDB' in globalThis ? globalThis.indexedDB : undefined;
  if (typeof factory?.databases !== 'function') return [];
  try {
    return (await factory.databases()).map((database) => database.name ?? '').filter((name) => name.startsWith(viewAsDatabasePrefix));
  } catch {
    return [];
  }
}

/** Deletes every view-as database but `keepName` (the one in use, if any); resolves with the names deleted. */
export async function deleteViewAsData(keepName?: string): Promise<string[]> {
  const candidates = new Set([...(await listedNames()), ...readKnown()]);
  if (keepName !== undefined) candidates.delete(keepName);
  const deleted: string[] = [];
  for (const name of candidates) {
    try {
      await deleteDatabaseNamed(name);
      deleted.push(name);
    } catch (error) {
      console.warn('Could not delete a view-as database', error);
    }
  }
  writeKnown(readKnown().filter((name) => !deleted.includes(name)));
  return deleted;
}
