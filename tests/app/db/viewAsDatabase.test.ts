import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { deleteUserDatabase } from '../../../src/app/db/deleteUserDatabase';
import { userDatabaseName, viewAsDatabaseName } from '../../../src/app/db/names';
import { deleteOtherUsersData } from '../../../src/app/db/otherUsersData';
import { activeUserDatabase, closeUserDatabase, getUserDatabase } from '../../../src/app/db/userDatabase';
import { deleteViewAsData } from '../../../src/app/db/viewAsData';
import { makeUser } from '../sync/support/fixtures';

const row = (value: unknown) => ({ key: 'profile', value, etag: null, fetchedAt: 1, isPending: false, isStale: false, version: 0 });
const viewAs = { adminUserName: 'admin', adminDisplayName: 'Sam Taylor', expiresAt: '2026-11-24T10:30:00.000Z' };

afterEach(async () => {
  closeUserDatabase();
  setActiveUser(null);
  await deleteViewAsData();
});

describe('the view-as database (issue 17)', () => {
  it("keeps a viewed user's data apart from their own database and from the administrator's", async () => {
    const admin = makeUser({ userId: 'admin-id' });
    setActiveUser(admin);
    await activeUserDatabase()?.resources.put(row('the admin’s'));

    const viewed = makeUser({ userId: 'student-id', viewAs });
    setActiveUser(viewed);
    const db = activeUserDatabase();
    expect(db?.name).toBe(viewAsDatabaseName('student-id'));
    await db?.resources.put(row('seen while viewing'));
    expect(await Dexie.exists(userDatabaseName('student-id'))).toBe(false);

    setActiveUser(admin);
    expect(await getUserDatabase('admin-id').resources.get('profile')).toMatchObject({ value: 'the admin’s' });
    closeUserDatabase();
    await deleteUserDatabase('admin-id');
  });

  it('the user-switch wipe leaves view-as databases to their own clean-up, which keeps only the one in use', async () => {
    setActiveUser(makeUser({ userId: 'student-id', viewAs }));
    await activeUserDatabase()?.resources.put(row('seen while viewing'));
    closeUserDatabase();

    await deleteOtherUsersData('admin-id');
    expect(await Dexie.exists(viewAsDatabaseName('student-id'))).toBe(true);

    expect(await deleteViewAsData(viewAsDatabaseName('student-id'))).toEqual([]);
    expect(await Dexie.exists(viewAsDatabaseName('student-id'))).toBe(true);

    expect(await deleteViewAsData()).toEqual([viewAsDatabaseName('student-id')]);
    expect(await Dexie.exists(viewAsDatabaseName('student-id'))).toBe(false);
  });
});
