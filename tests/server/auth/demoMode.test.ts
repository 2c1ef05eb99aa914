import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { SessionStore } from '../../../src/server/auth/session.service.js';
import { loadConfig } from '../../../src/server/config.js';
import { anonymous, createTestApp, signIn, type TestApp } from '../../helpers/testApp.js';

/**
 * Issue 12, item 1: demo sign-in must not sit next to a real identity provider, signs in only the
 * personas, and its sessions die once the server runs without demo mode.
 */

const oidcEnv = { OIDC_ISSUER: 'https://login.campus.invalid/tenant/v2.0', OIDC_CLIENT_ID: 'campus', OIDC_CLIENT_SECRET: 'not-used-here' };

let t: TestApp;
const others: FastifyInstance[] = [];

/** Another server on the same database (sessions live there) and clock, with other settings. */
async function serverOnSameDatabase(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', SIGNIN_RATE_LIMIT: '1000', ...env });
  const app = await buildApp({ config, db: t.db, clock: t.clock });
  await app.ready();
  others.push(app);
  return app;
}

async function demoSignIn(app: FastifyInstance, userName: string) {
  const visitor = await anonymous(app);
  return app.inject({ method: 'POST', url: '/api/user/signin/demo', headers: visitor.headers(), payload: { userName } });
}

async function userInfo(app: FastifyInstance, session: string): Promise<Record<string, unknown>> {
  const response = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: `cc_session=${session}` } });
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
});

describe('demo sign-in next to OpenID Connect', () => {
  it('is refused when an identity provider is configured and DEMO is not set', async () => {
    const app = await serverOnSameDatabase(oidcEnv);
    const response = await demoSignIn(app, 'admin');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Demo sign-in was not found.', errors: {}, code: 'notFound' });
    expect(response.cookies.find((c) => c.name === 'cc_session')).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/user/signin/picker.js' })).statusCode).toBe(404);
  });

  it('works next to it only when DEMO=1 forces it on', async () => {
    const app = await serverOnSameDatabase({ ...oidcEnv, DEMO: '1' });
    expect((await demoSignIn(app, 'admin')).statusCode).toBe(200);
  });
});

describe('the demo endpoint', () => {
  it('signs in the personas only, not any other user of the database', async () => {
    const cohort = await t.db.selectFrom('users').select('id').where('user_name', '=', 'cohort01').executeTakeFirst();
    expect(cohort).toBeDefined(); // a real user, just not a persona
    const response = await demoSignIn(t.app, 'cohort01');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'No demo persona has that user name.', errors: { userName: ['No demo persona has that user name.'] }, code: 'validation' });
    expect(response.cookies.find((c) => c.name === 'cc_session')).toBeUndefined();
  });
});

describe('sessions started in demo mode', () => {
  it('stop working once the server runs with demo mode off, and are deleted', async () => {
    const caller = await signIn(t.app, 'admin');
    const session = caller.cookies.cc_session ?? '';
    expect(await userInfo(t.app, session)).toMatchObject({ isSignedIn: true, userName: 'admin' });

    const production = await serverOnSameDatabase({ DEMO: '0' });
    expect(await userInfo(production, session)).toEqual({ isSignedIn: false, isStaffSignedIn: false, isStudentSignedIn: false });
    const notifications = await production.inject({ method: 'GET', url: '/api/user/notifications', headers: caller.headers() });
    expect(notifications.statusCode).toBe(401);
    const idHash = createHash('sha256').update(session).digest('base64url');
    expect(await t.db.selectFrom('sessions').select('auth_method').where('id_hash', '=', idHash).execute()).toEqual([]);
  });

  it('leave sessions from the identity provider alone', async () => {
    const production = await serverOnSameDatabase({ DEMO: '0' });
    const user = await t.db.selectFrom('users').select('id').where('user_name', '=', 'lecturer').executeTakeFirstOrThrow();
    const store = new SessionStore(t.db, { idleMinutes: 60, maxHours: 12, acceptsDemoSessions: false }, t.clock);
    const { id } = await store.create(user.id, 'oidc');
    expect(await userInfo(production, id)).toMatchObject({ isSignedIn: true, userName: 'lecturer' });
  });
});
