import { describe, expect, it } from 'vitest';
import { antiforgeryTokenRoute } from '../../../src/shared/contract/antiforgery.js';
import { saveUserApiPreferencesRoute } from '../../../src/shared/contract/preferences.js';
import { signOutSubmitRoute } from '../../../src/shared/contract/auth.js';
import { useTestApp } from '../../helpers/useTestApp.js';

const t = useTestApp();

// Any write will do: the antiforgery check runs before the handler.
const write = (headers: Record<string, string>) =>
  t.call(saveUserApiPreferencesRoute, { body: { theme: 'Dark', border: '', font: '' }, headers });

describe('antiforgery', () => {
  it('sets a script-readable XSRF-TOKEN cookie that is never cached, and answers with the same token', async () => {
    const response = await t.call(antiforgeryTokenRoute);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBeUndefined(); // the body is same-origin only
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(JSON.parse(response.body)).toEqual({ token: cookie?.value });
  });

  it('keeps a cookie that is still valid for the caller, and replaces one that is not', async () => {
    const student = await t.signIn('student');
    const again = await t.call(antiforgeryTokenRoute, { headers: student.headers(false) });
    expect(JSON.parse(again.body)).toEqual({ token: student.xsrf });
    const visitor = await t.anonymous();
    const crossed = await t.call(antiforgeryTokenRoute, {
      headers: { cookie: `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${visitor.xsrf}` },
    });
    const { token } = JSON.parse(crossed.body) as { token: string };
    expect(token).not.toBe(visitor.xsrf);
    expect(crossed.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(token);
    const cookie = `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${token}`;
    expect((await write({ cookie, 'x-xsrf-token': token })).statusCode).not.toBe(403);
  });

  it('refuses a write whose header is missing, different from the cookie, or forged', async () => {
    const caller = await t.signIn('student');
    const { cookie } = caller.headers(false);
    for (const header of [undefined, 'forged.token', `${caller.xsrf}x`]) {
      const response = await write({ cookie: cookie ?? '', ...(header ? { 'x-xsrf-token': header } : {}) });
      expect(response.statusCode).toBe(403);
      expect(JSON.parse(response.body)).toEqual({
        message: 'The antiforgery token is missing or invalid. Reload the page and try again.',
        errors: { xsrf: ['Send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header.'] },
        code: 'xsrf',
      });
    }
  });

  it('accepts the right token past the check', async () => {
    const caller = await t.signIn('student');
    expect((await write(caller.headers())).statusCode).not.toBe(403);
  });

  it('binds the token to the session: an anonymous token does not work once signed in, another session\u2019s never', async () => {
    const visitor = await t.anonymous();
    const student = await t.signIn('student');
    const anonymousToken = `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${visitor.xsrf}`;
    expect((await write({ cookie: anonymousToken, 'x-xsrf-token': visitor.xsrf })).statusCode).toBe(403);
    const other = await t.signIn('student2');
    const crossed = `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${other.xsrf}`;
    expect((await write({ cookie: crossed, 'x-xsrf-token': other.xsrf })).statusCode).toBe(403);
    // The same user's other session (another device) holds a token this session does not accept.
    const sameUser = await t.signIn('student');
    const otherDevice = `cc_session=${student.cookies.cc_session}; XSRF-TOKEN=${sameUser.xsrf}`;
    expect((await write({ cookie: otherDevice, 'x-xsrf-token': sameUser.xsrf })).statusCode).toBe(403);
  });

  it('makes a session\u2019s token worthless once it signs out: the next session needs its own', async () => {
    const before = await t.signIn('student');
    const queuedToken = before.xsrf;
    expect((await t.call(signOutSubmitRoute, { as: before })).statusCode).toBe(200);
    const after = await t.signIn('student'); // a new session for the same user
    expect(after.cookies.cc_session).not.toBe(before.cookies.cc_session);
    const cookie = `cc_session=${after.cookies.cc_session}; XSRF-TOKEN=${queuedToken}`;
    const refused = await write({ cookie, 'x-xsrf-token': queuedToken });
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ errors: { xsrf: expect.any(Array) } });
    // What a queued write does next (src/app/api/xsrf.ts renew): ask for this session's token and send again.
    const renewed = await t.call(antiforgeryTokenRoute, { headers: { cookie } });
    const { token } = JSON.parse(renewed.body) as { token: string };
    expect(token).not.toBe(queuedToken);
    expect((await write({ cookie: `cc_session=${after.cookies.cc_session}; XSRF-TOKEN=${token}`, 'x-xsrf-token': token })).statusCode).toBe(204);
  });
});
