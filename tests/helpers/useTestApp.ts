import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Clock } from '../../src/server/clock.js';
import { afterAll, beforeAll } from 'vitest';
import type { RouteDescriptor } from '../../src/shared/contract/route.js';
import type { Config } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/database.js';
import { callRoute, type CallOptions } from './routes.js';
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from './testApp.js';

export interface UseTestAppOptions {
  /** Configuration on top of the test defaults; a function runs in beforeAll (e.g. after a fake service started). */
  readonly env?: Record<string, string> | (() => Record<string, string>);
  readonly template?: 'seeded' | 'empty';
  /** Start the durable job queue (pushes and scheduled jobs run); off by default. */
  readonly runJobs?: boolean;
  /** The app's clock (src/server/clock.ts): a SettableClock the test moves forward, say. Default: one running from TEST_CLOCK_START. */
  readonly clock?: Clock;
}

/** The app of the enclosing file or describe block; read its members inside tests and hooks. */
export interface UsedTestApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly config: Config;
  readonly connectionString: string;
  /** The app's clock: what "now" is for the server, and so for the test's expectations. */
  readonly clock: Clock;
  /** Signs a demo persona in through the real endpoint (a new session each time). */
  signIn(userName: string): Promise<Caller>;
  /** An anonymous visitor holding an antiforgery token. */
  anonymous(): Promise<Caller>;
  /** Calls a contract route: `t.call(favouriteRoute, { params: { rowId }, as: student })`. */
  call(route: Pick<RouteDescriptor, 'method' | 'path'>, options?: CallOptions): Promise<LightMyRequestResponse>;
}

/**
 * The real server on a fresh clone of the database for the enclosing file (or describe block):
 * created in beforeAll, closed and dropped in afterAll. Hooks registered before this call run
 * before the app exists.
 */
export function useTestApp(options: UseTestAppOptions = {}): UsedTestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    current = await createTestApp(env, options.template, { runJobs: options.runJobs, clock: options.clock });
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const get = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app exists only inside tests and hooks');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    get connectionString() {
      return get().connectionString;
    },
    get clock() {
      return get().clock;
    },
    signIn: (userName) => signIn(get().app, userName),
    anonymous: () => anonymous(get().app),
    call: (route, callOptions) => callRoute(get().app, route, callOptions),
  };
}
