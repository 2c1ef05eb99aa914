import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../../src/server/db/freePort';
import { E2E_CLOCK_START, fakeWallClockEnv, serverTimeAt } from './clock';
import { cloneSpecDatabase, type SpecDatabase } from './specDatabase';

/**
 * A spec file's own server: it can be stopped (the browser then sees connection errors, as on
 * a train with no signal) and started again on the same port and database.
 */
export interface OwnServer {
  /** Its address; known once `start` or `address` has run. */
  readonly baseURL: string;
  /** Takes the server's port if it has none yet (without starting it), and gives its address. */
  address(): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and deletes its database. */
  dispose(): Promise<void>;
}

/** A spec's extra server variables: fixed, or read at each start (a port a beforeAll hook took). */
type ServerEnv = Record<string, string> | (() => Record<string, string>);

export function ownServer(options: { staticDir: string; env?: ServerEnv }): OwnServer {
  // The uploads' temporary files; the data itself is in the spec's database on the run's cluster.
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-e2e-own-'));
  chmodSync(dataDir, 0o711);
  let port: number | undefined;
  let database: SpecDatabase | undefined;
  let child: ChildProcess | undefined;
  // Where the server's clock was when it last stopped, and when (performance.now()): a restart
  // carries on from there, as the real time would, rather than going back to CLOCK_START.
  let stoppedClock: { readonly serverMs: number; readonly at: number } | undefined;
  const urlOf = (knownPort: number) => `http://127.0.0.1:${knownPort}`;

  const isUp = async (url: string): Promise<boolean> => {
    try {
      return (await fetch(`${url}/api/user/info`)).ok;
    } catch {
      return false;
    }
  };

  return {
    get baseURL() {
      if (port === undefined) throw new Error('the own server has not been started yet');
      return urlOf(port);
    },
    async address() {
      port ??= await findFreePort();
      return urlOf(port);
    },
    async start() {
      // The first start takes a database (and a port, if it has none); a restart keeps both, as a
      // real restart would.
      database ??= await cloneSpecDatabase();
      const url = await this.address();
      const clockStart = stoppedClock ? new Date(stoppedClock.serverMs + Math.round(performance.now() - stoppedClock.at)).toISOString() : E2E_CLOCK_START;
      child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
        env: { ...process.env, ...fakeWallClockEnv(), CLOCK_START: clockStart, ...(typeof options.env === 'function' ? options.env() : options.env), E2E_PORT: String(port), E2E_STATIC_DIR: options.staticDir, E2E_DATA_DIR: dataDir, E2E_DATABASE_URL: database.url },
        stdio: 'ignore',
      });
      const deadline = performance.now() + 90_000;
      while (!(await isUp(url))) {
        if (performance.now() > deadline) throw new Error(`own server on ${url} did not start`);
        if (child.exitCode !== null) throw new Error(`own server on ${url} exited with ${child.exitCode}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      if (port !== undefined) {
        const serverMs = await serverTimeAt(urlOf(port)).catch(() => undefined);
        if (serverMs !== undefined) stoppedClock = { serverMs, at: performance.now() };
      }
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
    async dispose() {
      await this.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface SuiteHooks {
  use(options: { baseURL: (fixtures: object, use: (url: string) => Promise<void>) => Promise<void> }): void;
  beforeAll(hook: () => Promise<void>): void;
  afterAll(hook: () => Promise<void>): void;
  setTimeout(timeout: number): void;
}

/**
 * Gives the calling spec file (or describe block) its own server, on a free port and its own
 * clone of the run's template database, serving the suite's build: started before its tests,
 * deleted after them. Every spec file has one, so no spec sees another's writes.
 */
export function useOwnServer(test: SuiteHooks, options: { env?: ServerEnv } = {}): OwnServer {
  const server = ownServer({
    staticDir: process.env.E2E_STATIC_DIR ?? 'dist',
    ...(options.env ? { env: options.env } : {}),
  });
  // Playwright may read baseURL before the beforeAll hook has started the server (for the hook's
  // own trace), so the port is taken on whichever comes first.
  test.use({ baseURL: async ({}, use) => use(await server.address()) });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await server.start();
  });
  test.afterAll(async () => {
    await server.dispose();
  });
  return server;
}
