import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SettableClock } from '../../../src/server/clock.js';
import { hashSessionId } from '../../../src/server/auth/session.service.js';
import { viewAsStartRoute } from '../../../src/shared/contract/adminViewAs.js';
import { antiforgeryTokenRoute } from '../../../src/shared/contract/antiforgery.js';
import { demoSignInRoute, signInRoute } from '../../../src/shared/contract/auth.js';
import { userInfoRoute } from '../../../src/shared/contract/user.js';
import type { Caller } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';

/**
 * Issue 34 §5, "Keep me signed in on this device": with it the session's cookies last (Max-Age)
 * until the session's absolute expiry; without it they end with the browser, as before. The choice
 * is stored with the session, so the cookies the server issues again later keep it. Time comes
 * from a frozen clock moved by hand.
 */

const MAX_HOURS = 12;
const IDLE_MINUTES = 60;
const clock = new SettableClock(Date.parse('2026-03-02T09:00:00Z'), { frozen: true });
const t = useTestApp({ clock, env: { SESSION_MAX_HOURS: String(MAX_HOURS), SESSION_IDLE_MINUTES: String(IDLE_MINUTES) } });

const cookieNamed = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name);

function absorb(caller: Caller, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) delete caller.cookies[cookie.name];
    else caller.cookies[cookie.name] = cookie.value;
  }
}

/** The demo sign-in with `keepSignedIn` as given (left out when undefined). */
async function demoSignIn(userName: string, keepSignedIn?: boolean) {
  const caller = await t.anonymous();
  const response = await t.call(demoSignInRoute, { as: caller, body: keepSignedIn === undefined ? { userName } : { userName, keepSignedIn } });
  expect(response.statusCode, response.body).toBe(200);
  absorb(caller, response);
  return { caller, response };
}

const sessionRow = (id: string) =>
  t.db.selectFrom('sessions').select(['keep_signed_in', 'absolute_expires_at', 'expires_at']).where('id_hash', '=', hashSessionId(id)).executeTakeFirstOrThrow();

/** Seconds from the clock's now to the session's absolute expiry. */
const secondsLeft = (absolute: Date) => Math.floor((absolute.getTime() - clock.nowMs()) / 1000);

describe('keep me signed in, demo sign-in', () => {
  it('gives the session and antiforgery cookies a Max-Age that ends at the session’s absolute expiry', async () => {
    const { caller, response } = await demoSignIn('student', true);
    const session = cookieNamed(response, 'cc_session');
    const row = await sessionRow(caller.cookies.cc_session ?? '');
    expect(row.keep_signed_in).toBe(true);
    expect(row.absolute_expires_at.getTime() - clock.nowMs()).toBe(MAX_HOURS * 3_600_000);
    expect(session?.maxAge).toBe(MAX_HOURS * 3600);
    expect(session?.maxAge).toBe(secondsLeft(row.absolute_expires_at));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookieNamed(response, 'XSRF-TOKEN')?.maxAge).toBe(MAX_HOURS * 3600);
  });

  it.each([
    ['left out', undefined],
    ['false', false],
  ] as const)('leaves the cookies to end with the browser when keepSignedIn is %s', async (_, keepSignedIn) => {
    const { caller, response } = await demoSignIn('student', keepSignedIn);
    for (const name of ['cc_session', 'XSRF-TOKEN']) {
      const cookie = cookieNamed(response, name);
      expect(cookie?.value).toBeTruthy();
      expect(cookie?.maxAge, name).toBeUndefined();
      expect(cookie?.expires, name).toBeUndefined();
    }
    expect((await sessionRow(caller.cookies.cc_session ?? '')).keep_signed_in).toBe(false);
    // A fresh antiforgery token later ends with the browser too.
    clock.advance(10 * 60_000);
    const token = await t.call(antiforgeryTokenRoute, { as: caller });
    expect(token.statusCode).toBe(200);
    expect(cookieNamed(token, 'XSRF-TOKEN')?.maxAge).toBeUndefined();
  });

  it('refuses a keepSignedIn that is not a boolean', async () => {
    const caller = await t.anonymous();
    const response = await t.call(demoSignInRoute, { as: caller, body: { userName: 'student', keepSignedIn: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { keepSignedIn: expect.any(Array) } });
  });
});

describe('keep me signed in, as the session slides', () => {
  it('keeps the choice: the session slides on use, and the cookies issued again still end at the absolute expiry', async () => {
    const { caller } = await demoSignIn('student', true);
    const id = caller.cookies.cc_session ?? '';
    const { absolute_expires_at: absolute } = await sessionRow(id);

    for (let step = 0; step < 3; step += 1) {
      clock.advance(50 * 60_000); // within the idle window each time: the session slides
      const info = await t.call(userInfoRoute, { as: caller });
      expect(info.json()).toMatchObject({ isSignedIn: true });
      // Sliding changes nothing in the browser: the cookie already lasts until the absolute expiry.
      expect(cookieNamed(info, 'cc_session')).toBeUndefined();
    }
    const row = await sessionRow(id);
    expect(row.keep_signed_in).toBe(true);
    expect(row.expires_at.getTime()).toBeGreaterThan(clock.nowMs() + (IDLE_MINUTES - 1) * 60_000);

    const token = await t.call(antiforgeryTokenRoute, { as: caller });
    expect(token.statusCode).toBe(200);
    expect(cookieNamed(token, 'XSRF-TOKEN')?.maxAge).toBe(secondsLeft(absolute));
    expect(secondsLeft(absolute)).toBe(MAX_HOURS * 3600 - 150 * 60);
  });

  it('the administrator’s session handed back after a view lapses keeps their choice', async () => {
    const { caller: admin } = await demoSignIn('admin', true);
    const adminId = admin.cookies.cc_session ?? '';
    const { absolute_expires_at: absolute } = await sessionRow(adminId);
    const started = await t.call(viewAsStartRoute, { as: admin, body: { userName: 'student', reason: 'Checking a report' } });
    expect(started.statusCode, started.body).toBe(200);
    // The view's own cookie ends with the browser; the administrator's, kept aside, keeps their choice.
    expect(cookieNamed(started, 'cc_session')?.maxAge).toBeUndefined();
    expect(cookieNamed(started, 'cc_admin_session')?.maxAge).toBe(secondsLeft(absolute));
    absorb(admin, started);

    clock.advance(31 * 60_000); // the view (30 minutes at most) has lapsed
    const info = await t.call(userInfoRoute, { as: admin });
    expect(info.json()).toMatchObject({ isSignedIn: true, userName: 'admin' });
    const reissued = cookieNamed(info, 'cc_session');
    expect(reissued?.value).toBe(adminId);
    expect(reissued?.maxAge).toBe(secondsLeft(absolute));
    expect(cookieNamed(info, 'XSRF-TOKEN')?.maxAge).toBe(secondsLeft(absolute));
  });
});

describe('keep me signed in, the demo persona picker', () => {
  it('ticks its box when sign-in was asked with keepSignedIn=1, and not otherwise', async () => {
    const kept = await t.call(signInRoute, { query: { keepSignedIn: '1' }, headers: { accept: 'text/html' } });
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toMatch(/<input type="checkbox" id="keep-signed-in" checked><label for="keep-signed-in">Keep me signed in on this device<\/label>/);
    const plain = await t.call(signInRoute, { headers: { accept: 'text/html' } });
    expect(plain.body).toMatch(/<input type="checkbox" id="keep-signed-in"><label for="keep-signed-in">Keep me signed in on this device<\/label>/);
  });

  it('refuses any other keepSignedIn value', async () => {
    const response = await t.call(signInRoute, { query: { keepSignedIn: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { keepSignedIn: expect.any(Array) } });
  });
});
