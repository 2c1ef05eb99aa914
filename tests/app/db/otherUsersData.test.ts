import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { deleteUserDatabase } from '../../../src/app/db/deleteUserDatabase';
import { userDatabaseName } from '../../../src/app/db/names';
import { deleteOtherUsersData, knownUserDatabasesKey } from '../../../src/app/db/otherUsersData';
import { closeUserDatabase, getUserDatabase } from '../../../src/app/db/userDatabase';
import { forgetCurrentUser, lastUserStorageKey, loadCurrentUser } from '../../../src/app/features/session/currentUser';
import { anonymousUserInfo } from '../../../src/shared/contract/user';
import { memoryStorage } from '../support/session';
import { makeUser } from '../sync/support/fixtures';

let storage: Storage;
let userIds: string[] = [];

/** A user database holding an unsent absence draft, as the app leaves it; closed afterwards. */
async function leaveDraftFor(userId: string): Promise<void> {
  userIds.push(userId);
  await getUserDatabase(userId).drafts.put({ key: 'absence:new', value: { description: 'hospital letter attached' }, savedAt: Date.now() });
  closeUserDatabase();
}

const exists = (userId: string): Promise<boolean> => Dexie.exists(userDatabaseName(userId));

/** Makes `indexedDB.databases()` unavailable, as in browsers that lack it. */
function withoutDatabasesListing(): () => void {
  Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true });
  return () => {
    delete (indexedDB as { databases?: unknown }).databases;
  };
}

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});

afterEach(async () => {
  closeUserDatabase();
  setActiveUser(null);
  vi.unstubAllGlobals();
  for (const userId of userIds) await deleteUserDatabase(userId);
  userIds = [];
});

describe('deleteOtherUsersData', () => {
  it("deletes every other user's database the browser lists, never the signed-in user's or unrelated ones", async () => {
    const [previous, current, older] = [makeUser().userId, makeUser().userId, makeUser().userId];
    for (const userId of [previous, current, older]) await leaveDraftFor(userId);
    const unrelated = new Dexie('workbox-expiration');
    unrelated.version(1).stores({ entries: 'id' });
    await unrelated.open();
    unrelated.close();

    const deleted = await deleteOtherUsersData(current);

    expect(deleted.sort()).toEqual([previous, older].sort());
    expect(await exists(previous)).toBe(false);
    expect(await exists(older)).toBe(false);
    expect(await exists(current)).toBe(true);
    expect(await getUserDatabase(current).drafts.get('absence:new')).toMatchObject({ value: { description: 'hospital letter attached' } });
    expect(await Dexie.exists('workbox-expiration')).toBe(true);
    await Dexie.delete('workbox-expiration');
  });

  it('falls back to the list of databases this device opened where indexedDB.databases() is missing', async () => {
    const [previous, current] = [makeUser().userId, makeUser().userId];
    await leaveDraftFor(previous);
    await leaveDraftFor(current);
    expect(JSON.parse(storage.getItem(knownUserDatabasesKey) ?? '[]')).toEqual([previous, current]);

    const restore = withoutDatabasesListing();
    try {
      expect(await deleteOtherUsersData(current)).toEqual([previous]);
    } finally {
      restore();
    }
    expect(await exists(previous)).toBe(false);
    expect(await exists(current)).toBe(true);
    // The deleted user leaves the list; the signed-in one stays on it.
    expect(JSON.parse(storage.getItem(knownUserDatabasesKey) ?? '[]')).toEqual([current]);
  });
});

describe('start-up, once the server confirms who is signed in', () => {
  const fetchMock = vi.fn<typeof fetch>();

  function serverSays(userInfo: unknown): void {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/antiforgerytoken' ? new Response(JSON.stringify({ token: 'nonce.mac' }), { status: 200 }) : new Response(JSON.stringify(userInfo), { status: 200 }),
    );
  }

  beforeEach(() => {
    forgetCurrentUser();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it("deletes the previous user's data when another user signs in on the device", async () => {
    const previous = makeUser();
    const current = makeUser();
    await leaveDraftFor(previous.userId);
    await leaveDraftFor(current.userId);
    serverSays(current);

    await expect(loadCurrentUser()).resolves.toEqual(current);

    await vi.waitFor(async () => expect(await exists(previous.userId)).toBe(false));
    expect(await exists(current.userId)).toBe(true);
  });

  it('deletes nothing while nobody is signed in (the same user may sign back in to unsent drafts)', async () => {
    const previous = makeUser();
    await leaveDraftFor(previous.userId);
    serverSays(anonymousUserInfo);

    await expect(loadCurrentUser()).resolves.toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await exists(previous.userId)).toBe(true);
  });

  it('deletes nothing offline, when only the cached user stands in and the server has not confirmed anyone', async () => {
    const previous = makeUser();
    const cached = makeUser();
    await leaveDraftFor(previous.userId);
    storage.setItem(lastUserStorageKey, JSON.stringify(cached));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(loadCurrentUser()).resolves.toEqual(cached);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await exists(previous.userId)).toBe(true);
  });
});
