import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { antiforgeryTokenRoute } from '../../../src/shared/contract/antiforgery.js';
import { demoSignInRoute, signOutSubmitRoute } from '../../../src/shared/contract/auth.js';
import { userInfoRoute } from '../../../src/shared/contract/user.js';
import { callRoute } from '../../helpers/routes.js';
import { createTestApp } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';

const t = useTestApp({ env: { SESSION_IDLE_MINUTES: '6', SESSION_MAX_HOURS: '1' } });

const info = async (cookie: string) => {
  const response = await t.call(userInfoRoute, { headers: { cookie } });
  return JSON.parse(response.body) as Record<string, unknown>;
};
const sessionCookie = (caller: { cookies: Record<string, string> }) => `cc_session=${caller.cookies.cc_session}`;

describe('sessions', () => {
  it('signs a persona in with a database-backed, HttpOnly, SameSite=Lax session cookie', async () => {
    const caller = await t.signIn('student');
    expect(caller.cookies.cc_session).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const rows = await t.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((row) => row.id_hash === caller.cookies.cc_session)).toBe(false); // only the hash is stored
    const body = await info(sessionCookie(caller));
    expect(body).toMatchObject({ isSignedIn: true, isStudentSignedIn: true, userRoles: ['Student'], userFirstName: 'Amara', slidingExpiration: true, slidingExpirationMinutes: 6 });
  });

  it('sets cookie flags for http and marks them Secure behind an https proxy', async () => {
    const anonymousToken = await t.call(antiforgeryTokenRoute);
    const xsrf = anonymousToken.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();
    const response = await t.call(demoSignInRoute, { body: { userName: 'student' }, headers: { cookie: `XSRF-TOKEN=${xsrf?.value}`, 'x-xsrf-token': xsrf?.value ?? '' } });
    const cookie = response.cookies.find((c) => c.name === 'cc_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const proxied = await createTestApp({ TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const token = (await callRoute(proxied.app, antiforgeryTokenRoute, { headers: { 'x-forwarded-proto': 'https' } })).cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(token?.secure).toBe(true);
      const secure = await callRoute(proxied.app, demoSignInRoute, { body: { userName: 'student' }, headers: { 'x-forwarded-proto': 'https', cookie: `XSRF-TOKEN=${token?.value}`, 'x-xsrf-token': token?.value ?? '' } });
      expect(secure.cookies.find((c) => c.name === 'cc_session')).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await proxied.close();
    }
  });

  it('rotates the session id at every sign-in and ends the old session', async () => {
    const first = await t.signIn('student');
    const response = await t.call(demoSignInRoute, { body: { userName: 'student2' }, as: first });
    expect(response.statusCode).toBe(200);
    const rotated = response.cookies.find((c) => c.name === 'cc_session')?.value;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(first.cookies.cc_session);
    expect((await info(sessionCookie(first))).isSignedIn).toBe(false);
    expect((await info(`cc_session=${rotated}`)).userName).toBe('student2');
  });

  it('slides the idle expiry on use', async () => {
    const caller = await t.signIn('lecturer');
    // Pretend the session was last extended long ago: 2 minutes of idle time left.
    await sql`UPDATE sessions SET expires_at = ${new Date(t.clock.nowMs() + 2 * 60_000)}`.execute(t.db);
    const body = await info(sessionCookie(caller));
    const remainingMs = new Date(String(body.sessionExpiration)).getTime() - t.clock.nowMs();
    expect(remainingMs).toBeGreaterThan(5 * 60_000);
    expect(remainingMs).toBeLessThanOrEqual(6 * 60_000);
  });

  it('ends a session at its idle expiry and at its absolute lifetime', async () => {
    const idle = await t.signIn('admin');
    await sql`UPDATE sessions SET expires_at = ${new Date(t.clock.nowMs() - 1000)}`.execute(t.db);
    expect((await info(sessionCookie(idle))).isSignedIn).toBe(false);

    const capped = await t.signIn('admin');
    await sql`UPDATE sessions SET absolute_expires_at = ${new Date(t.clock.nowMs() + 60_000)}`.execute(t.db);
    const body = await info(sessionCookie(capped));
    // Sliding never passes the absolute lifetime.
    expect(new Date(String(body.sessionExpiration)).getTime()).toBeLessThanOrEqual(t.clock.nowMs() + 60_000);
    await sql`UPDATE sessions SET absolute_expires_at = ${new Date(t.clock.nowMs() - 1000)}`.execute(t.db);
    expect((await info(sessionCookie(capped))).isSignedIn).toBe(false);
  });

  it('signs out: the session row is gone and cookies are cleared', async () => {
    const caller = await t.signIn('staff');
    const response = await t.call(signOutSubmitRoute, { as: caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ location: '/landing' });
    expect(response.cookies.find((c) => c.name === 'cc_session')?.value).toBe('');
    expect((await info(sessionCookie(caller))).isSignedIn).toBe(false);
  });

  it('gives anonymous callers the anonymous user info and refuses unknown personas', async () => {
    expect(await info('')).toEqual({ isSignedIn: false, isStaffSignedIn: false, isStudentSignedIn: false });
    await expect(t.signIn('nobody')).rejects.toThrow(/400/);
  });

  it('reports staff flags and roles per persona', async () => {
    const expectations: Record<string, Record<string, unknown>> = {
      lecturer: { isStaffSignedIn: true, isStudentSignedIn: false, userRoles: ['TeachingStaff'] },
      staff: { isStaffSignedIn: true, isStudentSignedIn: false, userRoles: [] },
      admin: { isStaffSignedIn: true, userRoles: ['Administrator'] },
      'student.unknown': { isStaffSignedIn: false, isStudentSignedIn: true },
    };
    for (const [userName, expected] of Object.entries(expectations)) {
      expect(await info(sessionCookie(await t.signIn(userName)))).toMatchObject({ userName, ...expected });
    }
  });
});
