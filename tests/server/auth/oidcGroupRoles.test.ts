import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
