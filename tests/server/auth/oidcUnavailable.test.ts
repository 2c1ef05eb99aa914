import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../../../src/server/auth/session.service.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';

/** Issue 12, item 6: an identity provider that cannot be reached makes sign-in a clear 503, not a 500. */

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let t: TestApp;
beforeAll(async () => {
  const port = await closedPort();
  t = await createTestApp({ DEMO: '0', OIDC_ISSUER: `http://127.0.0.1:${port}`, OIDC_CLIENT_ID: 'campus', OIDC_CLIENT_SECRET: 'secret' });
});
afterAll(() => t?.close());

describe('sign-in while the identity provider is unreachable', () => {
  it('shows a browser a short page saying so, with status 503', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/signin?returnTo=/timetable', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.body).toContain('<h1>Sign-in is unavailable</h1>');
    expect(response.body).toContain('The university sign-in service cannot be reached at the moment.');
    expect(response.cookies.find((c) => c.name === 'cc_oidc')).toBeUndefined();
  });

  it('answers other callers in the SPEC §8 shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/signin', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The university sign-in service cannot be reached at the moment. Please try again in a few minutes.',
      errors: {},
      code: 'unavailable',
    });
  });

  it('still signs out here when ending the provider session is impossible', async () => {
    const user = await t.db.selectFrom('users').select('id').where('user_name', '=', 'lecturer').executeTakeFirstOrThrow();
    const { id } = await new SessionStore(t.db, { idleMinutes: 60, maxHours: 12, acceptsDemoSessions: false }, t.clock).create(user.id, 'oidc');
    const token = await t.app.inject({ method: 'GET', url: '/api/antiforgerytoken', headers: { cookie: `cc_session=${id}` } });
    const xsrf = token.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/signout?entra=true',
      headers: { cookie: `cc_session=${id}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ location: '/landing' });
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: `cc_session=${id}` } });
    expect((info.json() as { isSignedIn: boolean }).isSignedIn).toBe(false);
  });
});
