import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRoute, signOutSubmitRoute } from '../../../src/shared/contract/auth.js';
import { userInfoRoute } from '../../../src/shared/contract/user.js';
import { ACCOUNT_LINK_REFUSED_MESSAGE } from '../../../src/server/auth/authPages.js';
import { hashSessionId } from '../../../src/server/auth/session.service.js';
import { startTestIdentityProvider, type AccountClaims, type TestIdentityProvider } from '../../helpers/oidcProvider.js';
import { useTestApp } from '../../helpers/useTestApp.js';

/**
 * OpenID Connect sign-in end to end: the real server (app.inject) against a real oidc-provider
 * listening on 127.0.0.1, driven through authorisation code + PKCE, callback, session and sign-out.
 */

const ORIGIN = 'http://campus.test';
const REDIRECT_URI = `${ORIGIN}/api/user/signin/callback`;
const LANDING = `${ORIGIN}/landing`;

const alice: AccountClaims = {
  preferred_username: 'Alice.Lecturer',
  name: 'Alice Lecturer',
  given_name: 'Alice',
  email: 'alice.lecturer@campus.test',
  roles: ['TeachingStaff'],
  groups: ['grp-oidc-staff'],
};
const bob: AccountClaims = {
  preferred_username: 'bob.provisioned',
  name: 'Bob Provisioned',
  given_name: 'Bob',
  email: 'bob.provisioned@campus.test',
  roles: [],
  groups: [],
};

interface Metadata {
  authorization_endpoint: string;
  end_session_endpoint: string;
}

let idp: TestIdentityProvider;
let metadata: Metadata;

beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUri: REDIRECT_URI, postLogoutRedirectUri: LANDING });
  idp.accounts.set('sub-alice', { ...alice });
  idp.accounts.set('sub-bob', { ...bob });
  metadata = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Metadata;
});
// Registered before the app, so the provider stops after the app has closed.
afterAll(async () => {
  await idp?.close();
});
const t = useTestApp({
  env: () => ({
    DEMO: '0',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    PUBLIC_ORIGIN: ORIGIN,
  }),
});

// ---- small helpers -------------------------------------------------------------------------

const cookieHeader = (cookies: Record<string, string>): string =>
  Object.entries(cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');

const cookieNamed = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name);

const withoutOrigin = (url: URL): string => `${url.pathname}${url.search}`;

const endpointOf = (url: URL): string => `${url.origin}${url.pathname}`;

/** GET /api/user/signin: the redirect to the provider and the signed flow cookie. */
async function startSignIn(returnTo = '/timetable') {
  const response = await t.call(signInRoute, { query: { returnTo } });
  expect(response.statusCode).toBe(302);
  const flowCookie = cookieNamed(response, 'cc_oidc');
  if (!flowCookie) throw new Error('no cc_oidc cookie was set');
  return { response, authorizationUrl: new URL(response.headers.location as string), flowCookie };
}

/** Starts sign-in and logs in at the provider: the provider's redirect back to our callback. */
async function loginAtProvider(accountId: string, returnTo?: string) {
  const { flowCookie, authorizationUrl } = await startSignIn(returnTo);
  const callbackUrl = await idp.signIn(authorizationUrl.href, accountId);
  return { flowCookie: flowCookie.value, authorizationUrl, callbackUrl };
}

function callback(callbackUrl: URL, cookies: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: withoutOrigin(callbackUrl), headers: { cookie: cookieHeader(cookies) } });
}

/** The whole sign-in; `extraCookies` are what the browser already holds (e.g. an older session). */
async function signInAs(accountId: string, options: { returnTo?: string; extraCookies?: Record<string, string> } = {}) {
  const { flowCookie, callbackUrl } = await loginAtProvider(accountId, options.returnTo);
  const response = await callback(callbackUrl, { ...options.extraCookies, cc_oidc: flowCookie });
  expect(response.statusCode, response.body).toBe(302);
  const session = cookieNamed(response, 'cc_session');
  const xsrf = cookieNamed(response, 'XSRF-TOKEN');
  if (!session || !xsrf) throw new Error('the callback set no session cookies');
  return { response, session: session.value, xsrf: xsrf.value };
}

async function userInfo(session: string): Promise<Record<string, unknown>> {
  const response = await t.call(userInfoRoute, { headers: { cookie: cookieHeader({ cc_session: session }) } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function expectErrorShape(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { message: unknown; errors: unknown };
  expect(typeof body.message).toBe('string');
  expect(body.errors).toBeTypeOf('object');
}

const usersWithSubject = (subject: string) => t.db.selectFrom('users').selectAll().where('oidc_subject', '=', subject).execute();

// ---- the flow --------------------------------------------------------------------------------

describe('OIDC sign-in against a real OpenID provider', () => {
  it('redirects to the authorisation endpoint with PKCE, state and nonce, keeping them in a signed cookie', async () => {
    const { authorizationUrl, flowCookie } = await startSignIn('/timetable');

    expect(endpointOf(authorizationUrl)).toBe(metadata.authorization_endpoint);
    const params = authorizationUrl.searchParams;
    expect(params.get('client_id')).toBe(idp.clientId);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')?.split(' ')).toContain('openid');
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();

    expect(flowCookie.httpOnly).toBe(true);
    expect(flowCookie.path).toBe('/api/user/signin');
    const unsigned = t.app.unsignCookie(flowCookie.value);
    expect(unsigned.valid).toBe(true);
    // The verifier stays on our side: only its challenge went to the provider.
    const pending = JSON.parse(unsigned.value ?? '{}') as { state: string; nonce: string; verifier: string; returnTo: string };
    expect(pending).toMatchObject({ state: params.get('state'), nonce: params.get('nonce'), returnTo: '/timetable' });
    expect(authorizationUrl.href).not.toContain(pending.verifier);
  });

  it('completes the login at the provider, exchanges the code and starts a session', async () => {
    const { flowCookie, authorizationUrl, callbackUrl } = await loginAtProvider('sub-alice', '/timetable');
    expect(endpointOf(callbackUrl)).toBe(REDIRECT_URI);
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();
    expect(callbackUrl.searchParams.get('state')).toBe(authorizationUrl.searchParams.get('state'));

    const response = await callback(callbackUrl, { cc_oidc: flowCookie });
    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe('/timetable');
    const session = cookieNamed(response, 'cc_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookieNamed(response, 'XSRF-TOKEN')?.value).toBeTruthy();
    expect(cookieNamed(response, 'cc_oidc')?.value ?? '').toBe(''); // the one-shot flow cookie is cleared

    // The session carries the identity from the ID token's claims.
    const info = await userInfo(session?.value ?? '');
    expect(info).toMatchObject({
      isSignedIn: true,
      isStaffSignedIn: true,
      userName: 'alice.lecturer',
      userDisplayName: 'Alice Lecturer',
      userFirstName: 'Alice',
      userEmailAddress: 'alice.lecturer@campus.test',
    });
    expect(info.userRoles).toContain('TeachingStaff');
    expect(info.userAdGroups).toContain('grp-oidc-staff'); // a new group's name defaults to its id

    const [user, ...others] = await usersWithSubject('sub-alice');
    expect(others).toHaveLength(0);
    expect(user).toMatchObject({ user_name: 'alice.lecturer', email: 'alice.lecturer@campus.test' });
    expect(info.userId).toBe(String(user?.id));
    const group = await t.db.selectFrom('directory_groups').selectAll().where('external_id', '=', 'grp-oidc-staff').executeTakeFirstOrThrow();
    expect(group.name).toBe('grp-oidc-staff');
    const membership = await t.db
      .selectFrom('directory_group_members')
      .selectAll()
      .where('group_id', '=', group.id)
      .where('user_id', '=', user?.id ?? -1)
      .execute();
    expect(membership).toHaveLength(1);
  });

  it('a second sign-in updates the same user and rotates the session', async () => {
    const first = await signInAs('sub-alice');
    const before = await usersWithSubject('sub-alice');
    expect(before).toHaveLength(1);

    idp.accounts.set('sub-alice', { ...alice, name: 'Alice Renamed', email: 'alice.renamed@campus.test' });
    try {
      // The browser still holds the first session when it comes back from the provider.
      const second = await signInAs('sub-alice', { extraCookies: { cc_session: first.session } });
      expect(second.session).not.toBe(first.session);

      const after = await usersWithSubject('sub-alice');
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ id: before[0]?.id, display_name: 'Alice Renamed', email: 'alice.renamed@campus.test' });
      expect(await userInfo(second.session)).toMatchObject({ isSignedIn: true, userId: String(before[0]?.id) });
      expect(await userInfo(first.session)).toMatchObject({ isSignedIn: false }); // the old session id is dead
    } finally {
      idp.accounts.set('sub-alice', { ...alice });
    }
  });

  describe('refuses a callback it cannot tie to the sign-in it started', () => {
    const tamper = {
      'a tampered state': ({ callbackUrl, flowCookie }: Attempt) => {
        const url = new URL(callbackUrl);
        url.searchParams.set('state', `${url.searchParams.get('state')}x`);
        return callback(url, { cc_oidc: flowCookie });
      },
      'a missing flow cookie': ({ callbackUrl }: Attempt) => callback(callbackUrl, {}),
      'a flow cookie whose content was changed': ({ callbackUrl, flowCookie }: Attempt) => {
        const signature = flowCookie.slice(flowCookie.lastIndexOf('.'));
        const forged = JSON.stringify({ verifier: 'x'.repeat(43), state: callbackUrl.searchParams.get('state'), nonce: 'n', returnTo: '/' });
        return callback(callbackUrl, { cc_oidc: `${forged}${signature}` });
      },
      'an unsigned flow cookie': ({ callbackUrl, flowCookie }: Attempt) =>
        callback(callbackUrl, { cc_oidc: t.app.unsignCookie(flowCookie).value ?? '' }),
      'a flow cookie from another sign-in attempt': async ({ callbackUrl }: Attempt) => {
        const other = await startSignIn();
        return callback(callbackUrl, { cc_oidc: other.flowCookie.value });
      },
    };
    type Attempt = { callbackUrl: URL; flowCookie: string };

    it.each(Object.entries(tamper))('with %s: 400 and no session', async (_case, send) => {
      const attempt = await loginAtProvider('sub-alice');
      const response = await send(attempt);
      expectErrorShape(response);
      expect(cookieNamed(response, 'cc_session')).toBeUndefined();
      expect(cookieNamed(response, 'XSRF-TOKEN')).toBeUndefined();
    });

    it('when the provider reports an error (the login was refused): 400 and no session', async () => {
      const { flowCookie, authorizationUrl } = await startSignIn();
      const callbackUrl = await idp.signIn(authorizationUrl.href, 'sub-nobody');
      expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
      const response = await callback(callbackUrl, { cc_oidc: flowCookie.value });
      expectErrorShape(response);
      expect(cookieNamed(response, 'cc_session')).toBeUndefined();
    });
  });

  it('signs out of the provider too with entra=true, and the session is gone', async () => {
    const { session, xsrf } = await signInAs('sub-alice');
    const response = await t.call(signOutSubmitRoute, {
      query: { entra: 'true' },
      withXsrf: false,
      headers: { cookie: cookieHeader({ cc_session: session, 'XSRF-TOKEN': xsrf }), 'x-xsrf-token': xsrf },
    });
    expect(response.statusCode).toBe(200);
    const endSession = new URL((response.json() as { location: string }).location);
    expect(endpointOf(endSession)).toBe(metadata.end_session_endpoint);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(LANDING);
    const idTokenHint = endSession.searchParams.get('id_token_hint') ?? '';
    const [, payload = ''] = idTokenHint.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ iss: idp.issuer, aud: idp.clientId, sub: 'sub-alice' });
    expect(cookieNamed(response, 'cc_session')?.value ?? '').toBe('');

    // The provider accepts the request (a bad hint or unregistered redirect would be an error page).
    expect((await idp.get(endSession.href)).status).toBe(200);
    expect(await userInfo(session)).toMatchObject({ isSignedIn: false });
  });

  it('links a user provisioned ahead of time (same user name, no subject yet) instead of duplicating it', async () => {
    const provisioned = await t.db
      .insertInto('users')
      .values({ user_name: 'bob.provisioned', display_name: 'Bob (provisioned)', first_name: 'Bob', email: '', oidc_subject: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    const { session } = await signInAs('sub-bob');

    const rows = await t.db.selectFrom('users').selectAll().where('user_name', '=', 'bob.provisioned').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: provisioned.id, oidc_subject: 'sub-bob', display_name: 'Bob Provisioned', email: 'bob.provisioned@campus.test' });
    expect(await userInfo(session)).toMatchObject({ isSignedIn: true, userId: String(provisioned.id), userName: 'bob.provisioned' });
  });

  it('refuses a second identity claiming a linked user name, with a clear page and an audit entry', async () => {
    idp.accounts.set('sub-impostor', { ...alice, name: 'Someone Else', email: 'else@campus.test' });
    await signInAs('sub-alice'); // links alice.lecturer to sub-alice
    const { flowCookie, callbackUrl } = await loginAtProvider('sub-impostor');
    const response = await callback(callbackUrl, { cc_oidc: flowCookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ACCOUNT_LINK_REFUSED_MESSAGE, errors: { userName: [ACCOUNT_LINK_REFUSED_MESSAGE] }, code: 'forbidden' });
    expect(cookieNamed(response, 'cc_session')).toBeUndefined();
    expect(await usersWithSubject('sub-impostor')).toHaveLength(0);
    const audit = await t.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', 'auth.signin.linkRefused').execute();
    expect(audit).toEqual([{ user_id: null, detail: expect.objectContaining({ target: { type: 'user', id: 'alice.lecturer' } }) }]);

    // A browser gets a page saying so, not JSON.
    const again = await loginAtProvider('sub-impostor');
    const page = await t.app.inject({ method: 'GET', url: `${again.callbackUrl.pathname}${again.callbackUrl.search}`, headers: { accept: 'text/html', cookie: `cc_oidc=${encodeURIComponent(again.flowCookie)}` } });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(ACCOUNT_LINK_REFUSED_MESSAGE);
    expect(cookieNamed(page, 'cc_session')).toBeUndefined();
  });
});

describe('keep me signed in (issue 34 §5) through the OpenID Connect round trip', () => {
  /** Sign-in started with `query`, the login at the provider, and the callback (with `callbackExtra` added to its query). */
  async function signInWith(query: Record<string, string>, callbackExtra: Record<string, string> = {}) {
    const started = await t.call(signInRoute, { query });
    expect(started.statusCode).toBe(302);
    const flowCookie = cookieNamed(started, 'cc_oidc')?.value ?? '';
    const pending = JSON.parse(t.app.unsignCookie(flowCookie).value ?? '{}') as { keepSignedIn?: unknown };
    const callbackUrl = await idp.signIn(new URL(started.headers.location as string).href, 'sub-alice');
    for (const [name, value] of Object.entries(callbackExtra)) callbackUrl.searchParams.set(name, value);
    const response = await callback(callbackUrl, { cc_oidc: flowCookie });
    expect(response.statusCode, response.body).toBe(302);
    return { pending, response, session: cookieNamed(response, 'cc_session'), xsrf: cookieNamed(response, 'XSRF-TOKEN') };
  }

  const maxSeconds = () => t.config.sessionMaxHours * 3600;

  it('keepSignedIn=1 is kept in the signed flow cookie, and the session cookie lasts until the absolute expiry', async () => {
    const { pending, session, xsrf } = await signInWith({ returnTo: '/timetable', keepSignedIn: '1' });
    expect(pending.keepSignedIn).toBe(true);
    expect(session?.value).toBeTruthy();
    // Max-Age counts from the callback, a moment after the session started.
    expect(session?.maxAge).toBeLessThanOrEqual(maxSeconds());
    expect(session?.maxAge).toBeGreaterThan(maxSeconds() - 30);
    expect(xsrf?.maxAge).toBe(session?.maxAge);
    const row = await t.db.selectFrom('sessions').select('keep_signed_in').where('id_hash', '=', hashSessionId(session?.value ?? '')).executeTakeFirstOrThrow();
    expect(row.keep_signed_in).toBe(true);
    expect(await userInfo(session?.value ?? '')).toMatchObject({ isSignedIn: true, userName: 'alice.lecturer' });
  });

  it('without it the session cookie ends with the browser, whatever the callback says', async () => {
    const { pending, session, xsrf } = await signInWith({ returnTo: '/timetable' }, { keepSignedIn: '1' });
    expect(pending.keepSignedIn).toBe(false);
    expect(session?.value).toBeTruthy();
    expect(session?.maxAge).toBeUndefined();
    expect(session?.expires).toBeUndefined();
    expect(xsrf?.maxAge).toBeUndefined();
    const row = await t.db.selectFrom('sessions').select('keep_signed_in').where('id_hash', '=', hashSessionId(session?.value ?? '')).executeTakeFirstOrThrow();
    expect(row.keep_signed_in).toBe(false);
  });
});
