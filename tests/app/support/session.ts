import type { SignedInUserInfo } from '../../../src/shared/contract/user';
import { makeUser } from '../sync/support/fixtures';

/** The seeded student as /api/user/info describes her; `overrides` adjust the session terms. */
export function amara(overrides: Partial<SignedInUserInfo> = {}): SignedInUserInfo {
  return makeUser({
    userId: '1',
    userName: 'student',
    userDisplayName: 'Amara Okafor',
    userFirstName: 'Amara',
    userEmailAddress: 'student@campus.example.ac.uk',
    ...overrides,
  });
}

/** A Map-backed stand-in for window.localStorage (Node has none). */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}
