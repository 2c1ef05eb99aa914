import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, createTestApp, signIn, type TestApp } from '../../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Any write will do: the antiforgery check runs before the handler.
const write = (headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/preferences/userapi', headers, payload: { theme: 'Dark', border: '', font: '' } });

describe('antiforgery', () => {
  it('sets a script-readable XSRF-TOKEN cookie that is never cached, and answers with the same token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/antiforgerytoken' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBeUndefined(); // the body is same-origin only
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(JSON.parse(response.body)).toEqual({ token: cookie?.value });
  });

  it('keeps a cookie that is still valid for the caller, and replaces one that is not', async () => {
    const student = await signIn(t.app, 'student');
    const again = await t.app.inject({ method: 'GET', url: '/api/antiforgerytoken', headers: student.headers(false) });
    expect(JSON.parse(again.body)).toEqual({ token: student.xsrf });
    const visitor = await anonymous(t.app);
    const crossed = await t.app.inject({
      method: 'GET',
      url: '/api/antiforgerytoken',
      headers: { cookie: `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${visitor.xsrf}` },
    });
    const { token } = JSON.parse(crossed.body) as { token: string };
    expect(token).not.toBe(visitor.xsrf);
    expect(crossed.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(token);
    const cookie = `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${token}`;
    expect((await write({ cookie, 'x-xsrf-token': token })).statusCode).not.toBe(403);
  });

  it('refuses a write whose header is missing, different from the cookie, or forged', async () => {
    const caller = await signIn(t.app, 'student');
    const { cookie } = caller.headers(false);
    for (const header of [undefined, 'forged.token', `${caller.xsrf}x`]) {
      const response = await write({ cookie: cookie ?? '', ...(header ? { 'x-xsrf-token': header } : {}) });
      expect(response.statusCode).toBe(403);
      expect(JSON.parse(response.body)).toEqual({
        message: 'The antiforgery token is missing or invalid. Reload the page and try again.',
        errors: { xsrf: ['Send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header.'] },
      });
    }
  });

  it('accepts the right token past the check', async () => {
    const caller = await signIn(t.app, 'student');
    expect((await write(caller.headers())).statusCode).not.toBe(403);
  });

  it('binds the token to the user: an anonymous token does not work once signed in, another user\u2019s never', async () => {
    const visitor = await anonymous(t.app);
    const student = await signIn(t.app, 'student');
    const anonymousToken = `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${visitor.xsrf}`;
    expect((await write({ cookie: anonymousToken, 'x-xsrf-token': visitor.xsrf })).statusCode).toBe(403);
    const other = await signIn(t.app, 'student2');
    const crossed = `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${other.xsrf}`;
    expect((await write({ cookie: crossed, 'x-xsrf-token': other.xsrf })).statusCode).toBe(403);
  });

  it('keeps a token valid for the same user across a renewed session, so queued writes replay', async () => {
    const before = await signIn(t.app, 'student');
    const queuedToken = before.xsrf;
    const after = await signIn(t.app, 'student'); // a new session for the same user
    expect(after.cookies.cc_session).not.toBe(before.cookies.cc_session);
    const cookie = `cc_session=${after.cookies.cc_session}; XSRF-TOKEN=${queuedToken}`;
    expect((await write({ cookie, 'x-xsrf-token': queuedToken })).statusCode).not.toBe(403);
  });
});
