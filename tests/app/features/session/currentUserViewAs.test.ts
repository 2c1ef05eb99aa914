import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { deleteUserDatabase } from '../../../../src/app/db/deleteUserDatabase';
import { userDatabaseName, viewAsDatabaseName } from '../../../../src/app/db/names';
import { closeUserDatabase, getUserDatabase } from '../../../../src/app/db/userDatabase';
import { deleteViewAsData } from '../../../../src/app/db/viewAsData';
import { rememberUserDatabase } from '../../../../src/app/db/otherUsersData';
import { signOutLocally } from '../../../../src/app/features/session/signOut';
import { forgetCurrentUser, lastUserStorageKey, loadCurrentUser } from '../../../../src/app/features/session/currentUser';
import { amara as amaraUser, memoryStorage } from '../../support/session';

const viewedAmara = { ...amaraUser(), viewAs: { adminUserName: 'admin', adminDisplayName: 'Sam Taylor', expiresAt: '2099-01-01T00:00:00.000Z' } };
const adminId = 'admin-user-id';
const row = { key: 'profile', value: 'the admin’s', etag: null, fetchedAt: 1, isPending: false, isStale: false, version: 0 };

let storage: Storage;

function answerUserInfo(info: unknown) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === '/api/antiforgerytoken' ? new Response(JSON.stringify({ token: 't' }), { status: 200 }) : new Response(JSON.stringify(info), { status: 200 }),
  );
}

/** Lets the background clean-ups started by `loadCurrentUser` finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

beforeEach(async () => {
  forgetCurrentUser();
  setActiveUser(null);
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  // The administrator's own database, with their data, on this device.
  await getUserDatabase(adminId).resources.put(row);
  closeUserDatabase();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
  await deleteUserDatabase(adminId);
  await deleteViewAsData();
});

describe('loadCurrentUser in a view-as session (issue 17)', () => {
  it("deletes nobody's database and does not cache the viewed user as this device's user", async () => {
    storage.setItem(lastUserStorageKey, 'the admin’s cached info');
    answerUserInfo(viewedAmara);
    await expect(loadCurrentUser()).resolves.toEqual(viewedAmara);
    await settle();
    expect(await Dexie.exists(userDatabaseName(adminId))).toBe(true);
    expect(storage.getItem(lastUserStorageKey)).toBe('the admin’s cached info');
  });

  it('any other answer deletes the view-as databases left behind', async () => {
    setActiveUser(viewedAmara);
    await getUserDatabase(viewedAmara.userId).resources.put(row);
    closeUserDatabase();
    setActiveUser(null);
    expect(await Dexie.exists(viewAsDatabaseName(viewedAmara.userId))).toBe(true);

    answerUserInfo({ ...amaraUser(), userId: adminId });
    await loadCurrentUser();
    await settle();
    expect(await Dexie.exists(viewAsDatabaseName(viewedAmara.userId))).toBe(false);
    expect(await Dexie.exists(userDatabaseName(adminId))).toBe(true);
  });
});

describe('signing out of a view-as session (issue 17)', () => {
  // The administrator's database as another page load left it: not opened (nor given a sign-out
  // clean-up) by this one, only listed among this device's databases.
  const otherAdminId = 'admin-from-another-page';
  const leaveAdminDatabase = async () => {
    const db = new Dexie(userDatabaseName(otherAdminId));
    db.version(1).stores({ resources: 'key' });
    await db.table('resources').put(row);
    db.close();
    rememberUserDatabase(otherAdminId);
  };
  const state = () => ({ document: { cookie: '' }, sessionStorage: { clear: () => undefined }, localStorage: storage });
  afterEach(() => deleteUserDatabase(otherAdminId));

  it("also deletes the administrator's own data on this device, as the server signs them out too", async () => {
    await leaveAdminDatabase();
    setActiveUser(viewedAmara);
    await signOutLocally(state());
    expect(await Dexie.exists(userDatabaseName(otherAdminId))).toBe(false);
  });

  it('leaves data it was not asked about when an ordinary session signs out', async () => {
    await leaveAdminDatabase();
    setActiveUser({ ...amaraUser(), userId: 'someone-else' });
    await signOutLocally(state());
    expect(await Dexie.exists(userDatabaseName(otherAdminId))).toBe(true);
  });
});
