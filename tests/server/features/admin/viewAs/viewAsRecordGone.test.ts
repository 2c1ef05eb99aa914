import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { viewAsStartRoute } from '../../../../../src/shared/contract/adminViewAs.js';
import { addFavouriteResourceRoute } from '../../../../../src/shared/contract/favourites.js';
import { userInfoRoute, type SessionUserInfo } from '../../../../../src/shared/contract/user.js';
import type { Caller } from '../../../../helpers/testApp.js';
import { useTestApp } from '../../../../helpers/useTestApp.js';

const t = useTestApp();

function absorb(caller: Caller, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) delete caller.cookies[cookie.name];
    else caller.cookies[cookie.name] = cookie.value;
  }
}

describe('view as: the record of a live view is deleted', () => {
  it('when its administrator account is deleted, the view cookie no longer holds any session, let alone a writable one as the student', async () => {
    const admin = await t.signIn('admin');
    const started = await t.call(viewAsStartRoute, { as: admin, body: { userName: 'student', reason: 'Checking a reported problem' } });
    expect(started.statusCode).toBe(200);
    absorb(admin, started);
    const viewing = await t.call(userInfoRoute, { as: admin });
    expect((JSON.parse(viewing.body) as SessionUserInfo).viewAs?.adminUserName).toBe('admin');
    const favourites = () => t.db.selectFrom('favourite_resources').select(['user_id', 'link_id']).orderBy('id').execute();
    const favouritesBefore = await favourites();

    // The administrator's account goes (which cascades to the view's record).
    await t.db.deleteFrom('users').where('user_name', '=', 'admin').execute();
    expect(await t.db.selectFrom('view_as_sessions').select('id').execute()).toEqual([]);

    const after = await t.call(userInfoRoute, { as: admin });
    const info = JSON.parse(after.body) as SessionUserInfo;
    expect(info.isSignedIn).toBe(false);
    expect(info.userName ?? null).toBeNull();
    const write = await t.call(addFavouriteResourceRoute, { as: admin, body: { rowId: 1 } });
    expect(write.statusCode).toBe(401);
    expect(await favourites()).toEqual(favouritesBefore);
  });
});
