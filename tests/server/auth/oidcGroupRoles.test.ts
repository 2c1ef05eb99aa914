import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAdGroupRoute, listAdGroupsRoute, updateAdGroupRoute } from '../../../src/shared/contract/adminAudience.js';
import { signInRoute } from '../../../src/shared/contract/auth.js';
import { userInfoRoute } from '../../../src/shared/contract/user.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../../helpers/oidcProvider.js';
import { useTestApp } from '../../helpers/useTestApp.js';

/**
 * A directory group an administrator added before anyone signed in with it grants all its roles
 * (the list that replaced the single `granted_role`) to a member at OpenID Connect sign-in.
 */

const ORIGIN = 'http://campus.test';
const REDIRECT_URI = `${ORIGIN}/api/user/signin/callback`;

let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUri: REDIRECT_URI, postLogoutRedirectUri: `${ORIGIN}/landing` });
  idp.accounts.set('sub-dan', {
    preferred_username: 'dan.it', name: 'Dan IT', given_name: 'Dan', email: 'dan.it@campus.test', roles: [], groups: ['grp-it-admins'],
  });
  idp.accounts.set('sub-carol', {
    preferred_username: 'carol.office', name: 'Carol Office', given_name: 'Carol', email: 'carol.office@campus.test', roles: [], groups: ['grp-school-office'],
  });
});
afterAll(async () => {
  await idp?.close();
});
const t = useTestApp({
  env: () => ({ DEMO: '0', OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, PUBLIC_ORIGIN: ORIGIN }),
});

const cookieOf = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name)?.value ?? '';

describe('directory group role grants at OIDC sign-in', () => {
  it('gives a member every role the group grants, and the group keeps its admin-given name', async () => {
    await t.db.insertInto('directory_groups').values({ external_id: 'grp-school-office', name: 'School office', granted_roles: ['TeachingStaff', 'Administrator'], is_absence_review_group: true }).execute();

    const start = await t.call(signInRoute, { query: { returnTo: '/home' } });
    const callbackUrl = await idp.signIn(new URL(start.headers.location as string).href, 'sub-carol');
    const callback = await t.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie: `cc_oidc=${encodeURIComponent(cookieOf(start, 'cc_oidc'))}` } });
    expect(callback.statusCode, callback.body).toBe(302);

    const info = (await t.call(userInfoRoute, { headers: { cookie: `cc_session=${encodeURIComponent(cookieOf(callback, 'cc_session'))}` } })).json() as { userRoles: string[]; userAdGroups: string[] };
    expect([...info.userRoles].sort()).toEqual(['Administrator', 'TeachingStaff']);
    const group = await t.db.selectFrom('directory_groups').select(['id', 'name']).where('external_id', '=', 'grp-school-office').executeTakeFirstOrThrow();
    expect(group.name).toBe('School office');
    const members = await t.db.selectFrom('directory_group_members').select('group_id').where('group_id', '=', group.id).execute();
    expect(members).toHaveLength(1);
  });

  it('takes a withdrawn grant away on the member\'s next request, in the session they already have; deleting the group does too', async () => {
    const group = await t.db.insertInto('directory_groups').values({ external_id: 'grp-it-admins', name: 'IT admins', granted_roles: ['Administrator'], is_absence_review_group: false }).returning('id').executeTakeFirstOrThrow();
    const start = await t.call(signInRoute, { query: { returnTo: '/home' } });
    const callbackUrl = await idp.signIn(new URL(start.headers.location as string).href, 'sub-dan');
    const callback = await t.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie: `cc_oidc=${encodeURIComponent(cookieOf(start, 'cc_oidc'))}` } });
    expect(callback.statusCode, callback.body).toBe(302);
    const dan = { cookie: `cc_session=${encodeURIComponent(cookieOf(callback, 'cc_session'))}` };
    expect((await t.call(listAdGroupsRoute, { headers: dan })).statusCode).toBe(200);

    // Dan is an administrator through the group: he withdraws the grant himself (XSRF as the app sends it).
    const xsrf = cookieOf(callback, 'XSRF-TOKEN');
    const asDan = { cookie: `${dan.cookie}; XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf };
    const body = { groupId: 'grp-it-admins', displayName: 'IT admins', grantsRoles: [], isAbsenceReviewGroup: false, isStudentSupportGroup: false };
    expect((await t.call(updateAdGroupRoute, { headers: asDan, params: { rowId: group.id }, body })).statusCode).toBe(200);
    expect((await t.call(listAdGroupsRoute, { headers: dan })).statusCode).toBe(403);

    // Granted again (from the database), then the group is deleted: the same.
    await t.db.updateTable('directory_groups').set({ granted_roles: ['Administrator'] }).where('id', '=', group.id).execute();
    expect((await t.call(listAdGroupsRoute, { headers: dan })).statusCode).toBe(200);
    expect((await t.call(deleteAdGroupRoute, { headers: asDan, params: { rowId: group.id } })).statusCode).toBe(204);
    expect((await t.call(listAdGroupsRoute, { headers: dan })).statusCode).toBe(403);
  });
});
