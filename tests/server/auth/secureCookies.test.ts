import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, createTestApp, type TestApp } from '../../helpers/testApp.js';

/**
 * Issue 12, item 6: behind an https PUBLIC_ORIGIN every cookie is Secure, even when no trusted
 * proxy tells the server the connection was https, and the session cookie is `__Host-` prefixed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://campus.example.ac.uk' });
});
afterAll(() => t?.close());

async function demoSignIn() {
  const visitor = await anonymous(t.app);
  const response = await t.app.inject({ method: 'POST', url: '/api/user/signin/demo', headers: visitor.headers(), payload: { userName: 'student' } });
  expect(response.statusCode).toBe(200);
  return response;
}

const info = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } })).json() as Record<string, unknown>;

describe('cookies behind an https public origin (no TRUSTED_PROXIES)', () => {
  it('names the antiforgery cookie __Host-XSRF-TOKEN (Secure, path /, no Domain) and checks writes against it alone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/antiforgerytoken' });
    const cookie = response.cookies.find((c) => c.name === '__Host-XSRF-TOKEN');
    expect(cookie).toMatchObject({ secure: true, path: '/' });
    expect(cookie?.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const token = cookie?.value ?? '';
    // A plain XSRF-TOKEN (which a sibling subdomain could plant) is not the one checked.
    const signIn = (cookieName: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/signin/demo',
        headers: { cookie: `${cookieName}=${token}`, 'x-xsrf-token': token },
        payload: { userName: 'student' },
      });
    expect((await signIn('XSRF-TOKEN')).statusCode).toBe(403);
    const signedIn = await signIn('__Host-XSRF-TOKEN');
    expect(signedIn.statusCode).toBe(200);
    // The new session gets a token of its own, under the same name.
    const sessionToken = signedIn.cookies.find((c) => c.name === '__Host-XSRF-TOKEN')?.value;
    expect(sessionToken).toBeDefined();
    expect(sessionToken).not.toBe(token);
  });

  it('names the session cookie __Host-cc_session: Secure, path /, no Domain', async () => {
    const response = await demoSignIn();
    const session = response.cookies.find((c) => c.name === '__Host-cc_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(session?.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'cc_session')).toBeUndefined();
    expect(response.cookies.find((c) => c.name === '__Host-XSRF-TOKEN')?.secure).toBe(true);
    expect(await info(`__Host-cc_session=${session?.value}`)).toMatchObject({ isSignedIn: true, userName: 'student' });
  });

  it('ignores a session id sent under the unprefixed name', async () => {
    const response = await demoSignIn();
    const id = response.cookies.find((c) => c.name === '__Host-cc_session')?.value;
    expect(await info(`cc_session=${id}`)).toMatchObject({ isSignedIn: false });
  });
});
