/**
 * Which collapsible sections are open on this device, and the device's other on/off view choices
 * (the timetable's week grid): one localStorage entry mapping a key to true or false. A key never
 * set follows its own default. Sign-out clears it with the rest of local storage.
 */
export const openSectionsStorageKey = 'cc.openSections';

type SectionStorage = Pick<Storage, 'getItem' | 'setItem'>;

function readAll(storage: SectionStorage): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(openSectionsStorageKey) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

/** Whether the section `key` is open: as last left on this device, else `byDefault`. */
export function readOpen(storage: SectionStorage, key: string, byDefault: boolean): boolean {
  return readAll(storage)[key] ?? byDefault;
}

/** Remembers that the section `key` was left open or closed. A full or refused storage is ignored. */
export function rememberOpen(storage: SectionStorage, key: string, isOpen: boolean): void {
  try {
    storage.setItem(openSectionsStorageKey, JSON.stringify({ ...readAll(storage), [key]: isOpen }));
  } catch {
    // Private browsing or a full quota: the section still toggles, it just is not remembered.
  }
}
