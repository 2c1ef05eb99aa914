import { describe, expect, it } from 'vitest';
import { openSectionsStorageKey, readOpen, rememberOpen } from '../../../../src/app/ui/collapsible/rememberedOpen';

function memoryStorage(initial?: string): Pick<Storage, 'getItem' | 'setItem'> & { value: string | null } {
  const storage = {
    value: initial ?? null,
    getItem: (key: string) => (key === openSectionsStorageKey ? storage.value : null),
    setItem: (key: string, value: string) => {
      if (key === openSectionsStorageKey) storage.value = value;
    },
  };
  return storage;
}

describe('rememberedOpen', () => {
  it('follows the default until the section is toggled, then what it was left as', () => {
    const storage = memoryStorage();
    expect(readOpen(storage, 'a', false)).toBe(false);
    expect(readOpen(storage, 'a', true)).toBe(true);
    rememberOpen(storage, 'a', true);
    rememberOpen(storage, 'b', false);
    expect(readOpen(storage, 'a', false)).toBe(true);
    expect(readOpen(storage, 'b', true)).toBe(false);
    expect(JSON.parse(storage.value ?? '')).toEqual({ a: true, b: false });
  });

  it('ignores an entry that is not its own JSON, and values that are not booleans', () => {
    expect(readOpen(memoryStorage('not json'), 'a', true)).toBe(true);
    expect(readOpen(memoryStorage('[true]'), '0', false)).toBe(false);
    expect(readOpen(memoryStorage('{"a":"yes"}'), 'a', false)).toBe(false);
    const storage = memoryStorage('{"a":"yes","b":true}');
    rememberOpen(storage, 'c', true);
    expect(JSON.parse(storage.value ?? '')).toEqual({ b: true, c: true });
  });

  it('still toggles when the storage refuses to write', () => {
    const full = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    expect(() => rememberOpen(full, 'a', true)).not.toThrow();
    expect(readOpen(full, 'a', false)).toBe(false);
  });
});
