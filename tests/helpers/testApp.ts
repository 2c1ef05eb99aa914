import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { clockFor, SettableClock, type Clock } from '../../src/server/clock.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { antiforgeryTokenRoute } from '../../src/shared/contract/antiforgery.js';
import { demoSignInRoute } from '../../src/shared/contract/auth.js';
import { pathOf } from './routes.js';
import { createTestDatabase, type TestDatabase } from './testDb.js';
import { TEST_CLOCK_START } from './testClock.js';

export interface TestApp extends TestDatabase {
  readonly app: FastifyInstance;
  readonly config: Config;
  /** The app's clock: the test's own, or one running from TEST_CLOCK_START. */
  readonly clock: Clock;
  readonly close: () => Promise<void>;
}

/**
 * The real server on a fresh clone of the seeded database, in demo mode, without listening; with
 * `runJobs`, the durable job queue runs too (push sends, scheduled jobs). With `clock` (say a
 * `SettableClock` the test moves forward, or `clockOf(() => now)`), the app reads the time from it
 * and from nothing else; each app has its own. Without one, the app's clock runs from `CLOCK_START`
 * when `env` sets it, else from TEST_CLOCK_START, the instant the seeded template was made at.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  template: 'seeded' | 'empty' = 'seeded',
  options: { readonly runJobs?: boolean; readonly clock?: Clock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(template);
  const config = loadConfig({ DEMO: '1', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', SIGNIN_RATE_LIMIT: '1000', ...env });
  // A CLOCK_START in `env` is honoured as a deployed server would (clockFor); else the suite's start.
  const clock = options.clock ?? (config.clockStart ? clockFor(config) : new SettableClock(new Date(TEST_CLOCK_START)));
  const app = await buildApp({ config, db: database.db, ...options, clock });
  await app.ready();
  return {
    ...database,
    app,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** A cookie jar and antiforgery token for one signed-in (or anonymous) caller of `app.inject`. */
export interface Caller {
  readonly cookies: Record<string, string>;
  readonly xsrf: string;
  /** Headers for a request: cookies always, the antiforgery header unless `withXsrf` is false. */
  headers(withXsrf?: boolean): Record<string, string>;
}

function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');
}

function absorbCookies(cookies: Record<string, string>, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) delete cookies[cookie.name];
    else cookies[cookie.name] = cookie.value;
  }
}

function makeCaller(cookies: Record<string, string>): Caller {
  return {
    cookies,
    // Behind an https PUBLIC_ORIGIN the antiforgery cookie is __Host-XSRF-TOKEN.
    get xsrf() {
      return cookies['__Host-XSRF-TOKEN'] ?? cookies['XSRF-TOKEN'] ?? '';
    },
    headers(withXsrf = true) {
      const headers: Record<string, string> = { cookie: cookieHeader(cookies) };
      const token = cookies['__Host-XSRF-TOKEN'] ?? cookies['XSRF-TOKEN'];
      if (withXsrf && token) headers['x-xsrf-token'] = token;
      return headers;
    },
  };
}

/** An anonymous visitor holding an antiforgery token. */
export async function anonymous(app: FastifyInstance): Promise<Caller> {
  const cookies: Record<string, string> = {};
  absorbCookies(cookies, await app.inject({ method: antiforgeryTokenRoute.method, url: pathOf(antiforgeryTokenRoute) }));
  return makeCaller(cookies);
}

/** Signs a demo persona in through the real endpoint and returns its cookies and token. */
export async function signIn(app: FastifyInstance, userName: string): Promise<Caller> {
  const caller = await anonymous(app);
  const response = await app.inject({
    method: demoSignInRoute.method,
    url: pathOf(demoSignInRoute),
    headers: caller.headers(),
    payload: { userName },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in as ${userName} failed: ${response.statusCode} ${response.body}`);
  absorbCookies(caller.cookies, response);
  return caller;
}
