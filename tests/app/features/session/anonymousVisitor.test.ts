import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAnonymousVisitor, lastUserStorageKey, userInfoPath } from '../../../../src/app/features/session/anonymousVisitor';
import { userInfoRoute } from '../../../../src/shared/contract/user';

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the landing page’s anonymous-visitor check', () => {
  it('asks the contract’s user info route', () => {
    expect(userInfoPath).toBe(userInfoRoute.path);
  });

  it('is true only for a clear "nobody is signed in"', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const fetchMock = answer(200, { isSignedIn: false, isOnline: true, isRegistered: false });
    await expect(isAnonymousVisitor()).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(userInfoPath, expect.objectContaining({ credentials: 'include' }));

    answer(200, { isSignedIn: true, userFirstName: 'Amara' });
    await expect(isAnonymousVisitor()).resolves.toBe(false);
    answer(500, { message: 'Boom', errors: {} });
    await expect(isAnonymousVisitor()).resolves.toBe(false);
    answer(200, 'not an object');
    await expect(isAnonymousVisitor()).resolves.toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(isAnonymousVisitor()).resolves.toBe(false);
  });

  it('leaves a device that remembers its user to the full check, without asking', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ [lastUserStorageKey]: '{"isSignedIn":true}' }));
    const fetchMock = answer(200, { isSignedIn: false });
    await expect(isAnonymousVisitor()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
