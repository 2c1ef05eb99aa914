import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../../../../src/server/clock.js';
import { signInRoute } from '../../../../src/shared/contract/auth.js';
import { timetableRoute } from '../../../../src/shared/contract/timetable.js';
import { userInfoRoute } from '../../../../src/shared/contract/user.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../../../helpers/oidcProvider.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { importHarness } from './importService.js';
import { universityFiles } from './university.js';

/**
 * A person who exists only in an import signs in through OpenID Connect: linked by the configured
 * user name claim (any case), never by email; roles from the import and from sign-in add up; an
 * import never grants Administrator.
 */

const ORIGIN = 'http://campus.test';
const start = new Date('2026-10-12T08:00:00Z');
const clock = new SettableClock(start, { frozen: true });

let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUri: `${ORIGIN}/api/user/signin/callback`, postLogoutRedirectUri: `${ORIGIN}/landing` });
  idp.accounts.set('sub-alice', { preferred_username: 'Alice@Test.ac.uk', name: 'Alice A', given_name: 'Alice', email: 'alice.private@example.com', roles: [], groups: [] });
  // Holds bob's email address, but is not bob.
  idp.accounts.set('sub-mallory', { preferred_username: 'mallory@test.ac.uk', name: 'Mallory', given_name: 'Mallory', email: 'bob@test.ac.uk', roles: [], groups: [] });
  idp.accounts.set('sub-lect', { preferred_username: 'lect@test.ac.uk', name: 'Lena Lecturer', given_name: 'Lena', email: 'lect@test.ac.uk', roles: ['Administrator'], groups: [] });
});
afterAll(async () => {
  await idp?.close();
});
const t = useTestApp({
  template: 'empty',
  clock,
  env: () => ({ DEMO: '0', OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, PUBLIC_ORIGIN: ORIGIN }),
});

const cookieOf = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name)?.value ?? '';

async function signInAs(accountId: string): Promise<string> {
  const begin = await t.call(signInRoute, { query: { returnTo: '/home' } });
  const callbackUrl = await idp.signIn(new URL(begin.headers.location as string).href, accountId);
  const callback = await t.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie: `cc_oidc=${encodeURIComponent(cookieOf(begin, 'cc_oidc'))}` } });
  expect(callback.statusCode, callback.body).toBe(302);
  return `cc_session=${encodeURIComponent(cookieOf(callback, 'cc_session'))}`;
}

describe('signing in as an imported person', () => {
  it('links by the user name claim, whatever its case: the student sees their own groups only', async () => {
    const files = universityFiles();
    // An import that names an administrator role grants nothing for it.
    files['roles.csv'] = [...(files['roles.csv'] ?? []), ['r-lect-admin', '', '', 'u-lect', 'secondary', 'administrator', 'org-maths']];
    const h = await importHarness(t.db, start);
    await h.apply(files);
    const imported = await t.db.selectFrom('users').select('id').where('sourced_id', '=', 'u-alice').executeTakeFirstOrThrow();

    const cookie = await signInAs('sub-alice');
    const info = (await t.call(userInfoRoute, { headers: { cookie } })).json() as { userName: string; userRoles: string[]; hasUniversityRecords: boolean };
    expect(info.userRoles).toEqual(['Student']);
    expect(info.hasUniversityRecords).toBe(true);
    const linked = await t.db.selectFrom('users').select(['id', 'oidc_subject', 'sourced_id']).where('oidc_subject', '=', 'sub-alice').executeTakeFirstOrThrow();
    expect(linked).toEqual({ id: imported.id, oidc_subject: 'sub-alice', sourced_id: 'u-alice' });
    const timetable = (await t.call(timetableRoute, { headers: { cookie } })).json() as { timetableEntries: { eventType: string; startTime: string }[] };
    expect(timetable.timetableEntries.map((e) => [e.eventType, e.startTime])).toEqual([
      ['Lecture', '2026-10-15T09:00:00+01:00'], ['Lab', '2026-10-15T13:00:00+01:00'],
    ]);
  });

  it('never links by email, and adds roles from sign-in to those from the import, Administrator from the provider only', async () => {
    const bob = await t.db.selectFrom('users').select(['id', 'oidc_subject']).where('sourced_id', '=', 'u-bob').executeTakeFirstOrThrow();
    const mallory = await signInAs('sub-mallory');
    const malloryInfo = (await t.call(userInfoRoute, { headers: { cookie: mallory } })).json() as { userRoles: string[]; hasUniversityRecords: boolean };
    expect(malloryInfo.userRoles).toEqual([]);
    // Let in, and told honestly that the university's records for them have not arrived.
    expect(malloryInfo.hasUniversityRecords).toBe(false);
    expect((await t.db.selectFrom('users').select('oidc_subject').where('id', '=', bob.id).executeTakeFirstOrThrow()).oidc_subject).toBeNull();
    // Let in, with no student or teaching role until an import names them: no timetable to show.
    expect((await t.call(timetableRoute, { headers: { cookie: mallory } })).statusCode).toBe(403);

    const lect = await signInAs('sub-lect');
    const lectInfo = (await t.call(userInfoRoute, { headers: { cookie: lect } })).json() as { userRoles: string[] };
    expect([...lectInfo.userRoles].sort()).toEqual(['Administrator', 'TeachingStaff']);
    const roles = await t.db.selectFrom('user_roles as r').innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.role', 'r.via_sign_in', 'r.via_import']).where('u.sourced_id', '=', 'u-lect').orderBy('r.role').execute();
    expect(roles).toEqual([{ role: 'Administrator', via_sign_in: true, via_import: false }, { role: 'TeachingStaff', via_sign_in: false, via_import: true }]);
  });
});
