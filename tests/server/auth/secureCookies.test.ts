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
  it('marks the antiforgery cookie Secure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/antiforgerytoken' });
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')).toMatchObject({ secure: true, path: '/' });
  });

  it('names the session cookie __Host-cc_session: Secure, path /, no Domain', async () => {
    const response = await demoSignIn();
    const session = response.cookies.find((c) => c.name === '__Host-cc_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(session?.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'cc_session')).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    expect(await info(`__Host-cc_session=${session?.value}`)).toMatchObject({ isSignedIn: true, userName: 'student' });
  });

  it('ignores a session id sent under the unprefixed name', async () => {
    const response = await demoSignIn();
    const id = response.cookies.find((c) => c.name === '__Host-cc_session')?.value;
    expect(await info(`cc_session=${id}`)).toMatchObject({ isSignedIn: false });
  });
});
