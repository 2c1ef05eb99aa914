let request: Promise<boolean> | undefined;

interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

/**
 * Asks the browser to keep this origin's storage under pressure (GUIDE: offline first), once per
 * page load. Resolves with whether storage is persistent; never rejects.
 */
export function requestPersistentStorage(): Promise<boolean> {
  request ??= (async () => {
    const storage = (globalThis.navigator as { storage?: StorageManagerLike } | undefined)?.storage;
    if (!storage?.persist) return false;
    if (await storage.persisted?.()) return true;
    return storage.persist();
  })().catch(() => false);
  return request;
}
