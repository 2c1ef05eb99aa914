import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getActiveUser, setActiveUser } from '../../../../src/app/db/activeUser';
import {
  currentUserSource,
  forgetCurrentUser,
  lastUserStorageKey,
  loadCurrentUser,
} from '../../../../src/app/features/session/currentUser';
import { anonymousUserInfo } from '../../../../src/shared/contract/user';
import { amara as amaraUser, memoryStorage } from '../../support/session';

const amara = amaraUser();

const fetchMock = vi.fn<typeof fetch>();

function respondWith(userInfo: unknown, tokenStatus = 200) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/antiforgerytoken') {
      return tokenStatus === 200
        ? new Response(JSON.stringify({ token: 'token-1' }), { status: 200, statusText: 'OK' })
        : new Response(null, { status: tokenStatus, statusText: 'Service Unavailable' });
    }
    return new Response(JSON.stringify(userInfo), { status: 200 });
  });
}

let storage: Storage;

beforeEach(() => {
  forgetCurrentUser();
  setActiveUser(null);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveUser(null);
});

function offline() {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
}

describe('loadCurrentUser', () => {
  it('fetches the antiforgery token first, then the user info', async () => {
    respondWith(amara);
    await expect(loadCurrentUser()).resolves.toEqual(amara);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/antiforgerytoken', '/api/user/info']);
  });

  it('answers null for an anonymous visitor', async () => {
    respondWith(anonymousUserInfo);
    await expect(loadCurrentUser()).resolves.toBeNull();
  });

  it('shares one request between concurrent loaders', async () => {
    respondWith(amara);
    const [first, second] = await Promise.all([loadCurrentUser(), loadCurrentUser()]);
    expect(first).toBe(second);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('uses the SPEC §8 message when the token cannot be fetched, and retries next time', async () => {
    respondWith(amara, 503);
    await expect(loadCurrentUser()).rejects.toThrow('Error getting AntiForgeryToken. Code 503: Service Unavailable');

    respondWith(amara);
    await expect(loadCurrentUser()).resolves.toEqual(amara);
  });
});

describe('loadCurrentUser offline', () => {
  it("remembers the signed-in user on this device, and makes theirs the active data", async () => {
    respondWith(amara);
    await loadCurrentUser();
    expect(JSON.parse(storage.getItem(lastUserStorageKey) ?? 'null')).toEqual(amara);
    expect(getActiveUser()).toEqual(amara);
    expect(currentUserSource()).toBe('server');
  });

  it('forgets the remembered user when the server says nobody is signed in', async () => {
    storage.setItem(lastUserStorageKey, JSON.stringify(amara));
    respondWith(anonymousUserInfo);
    await expect(loadCurrentUser()).resolves.toBeNull();
    expect(storage.getItem(lastUserStorageKey)).toBeNull();
    expect(getActiveUser()).toBeNull();
  });

  it('opens as the last signed-in user when the network is down', async () => {
    storage.setItem(lastUserStorageKey, JSON.stringify(amara));
    offline();
    await expect(loadCurrentUser()).resolves.toEqual(amara);
    expect(currentUserSource()).toBe('offline-cache');
    expect(getActiveUser()).toEqual(amara);
  });

  it('still fails offline when nobody signed in on this device before', async () => {
    offline();
    await expect(loadCurrentUser()).rejects.toMatchObject({ reason: 'network' });
  });

  it('ignores a remembered value that is not a signed-in user', async () => {
    storage.setItem(lastUserStorageKey, '{"isSignedIn":true}');
    offline();
    await expect(loadCurrentUser()).rejects.toMatchObject({ reason: 'network' });
  });

  it('still throws on an HTTP error, even with a remembered user', async () => {
    storage.setItem(lastUserStorageKey, JSON.stringify(amara));
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/antiforgerytoken'
        ? new Response(JSON.stringify({ token: 'token-1' }), { status: 200 })
        : new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    );
    await expect(loadCurrentUser()).rejects.toThrow('Error getting User. Code 500: Internal Server Error');
  });
});
