import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { getActiveUser, setActiveUser } from '../../../src/app/db/activeUser';
import { deleteUserDatabase } from '../../../src/app/db/deleteUserDatabase';
import { userDatabaseName } from '../../../src/app/db/names';
import { activeUserDatabase, closeUserDatabase, getUserDatabase } from '../../../src/app/db/userDatabase';
import { runSignOutCleanups } from '../../../src/app/state/signOutCleanup';
import { makeUser } from '../sync/support/fixtures';

const row = (value: unknown) => ({ key: 'profile', value, etag: null, fetchedAt: 1, isPending: false, isStale: false, version: 0 });

afterEach(() => {
  closeUserDatabase();
  setActiveUser(null);
});

describe('per-user databases', () => {
  it('gives each user their own database, named after them', async () => {
    const a = getUserDatabase('alice');
    await a.resources.put(row('alice’s'));
    const b = getUserDatabase('bob');
    expect(b.name).toBe('campus-companion:bob');
    expect(a.isOpen()).toBe(false); // switching user closes the other user's database
    expect(await b.resources.get('profile')).toBeUndefined();
    expect(await getUserDatabase('alice').resources.get('profile')).toMatchObject({ value: 'alice’s' });
    await deleteUserDatabase('alice');
    await deleteUserDatabase('bob');
  });

  it("opens the active user's database, and none when nobody is signed in", () => {
    expect(activeUserDatabase()).toBeUndefined();
    const user = makeUser();
    setActiveUser(user);
    expect(activeUserDatabase()?.name).toBe(userDatabaseName(user.userId));
  });

  it("deletes the signed-in user's database at sign-out, and stops showing their data", async () => {
    const user = makeUser();
    setActiveUser(user);
    await activeUserDatabase()?.resources.put(row('secret'));
    expect(await Dexie.exists(userDatabaseName(user.userId))).toBe(true);
    await runSignOutCleanups();
    expect(getActiveUser()).toBeNull();
    expect(await Dexie.exists(userDatabaseName(user.userId))).toBe(false);
  });

  it('deletes a database that is not open, or does not exist, without complaint', async () => {
    await expect(deleteUserDatabase('never-signed-in')).resolves.toBeUndefined();
  });
});
