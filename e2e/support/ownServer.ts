import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A server that one test owns: it can be stopped (the browser then sees connection errors, as on
 * a train with no signal) and started again on the same port and database. Used by the offline and
 * update tests; the shared suite server is never stopped.
 */
export interface OwnServer {
  readonly baseURL: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and deletes its database. */
  dispose(): Promise<void>;
}

export function ownServer(options: { port: number; staticDir: string; env?: Record<string, string> }): OwnServer {
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-e2e-own-'));
  chmodSync(dataDir, 0o711);
  const baseURL = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | undefined;

  const isUp = async (): Promise<boolean> => {
    try {
      return (await fetch(`${baseURL}/api/user/info`)).ok;
    } catch {
      return false;
    }
  };

  return {
    baseURL,
    async start() {
      child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
        env: { ...process.env, ...options.env, E2E_PORT: String(options.port), E2E_STATIC_DIR: options.staticDir, E2E_DATA_DIR: dataDir },
        stdio: 'ignore',
      });
      const deadline = Date.now() + 90_000;
      while (!(await isUp())) {
        if (Date.now() > deadline) throw new Error(`own server on ${baseURL} did not start`);
        if (child.exitCode !== null) throw new Error(`own server on ${baseURL} exited with ${child.exitCode}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
    async dispose() {
      await this.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface SuiteHooks {
  use(options: { baseURL: string }): void;
  beforeAll(hook: () => Promise<void>): void;
  afterAll(hook: () => Promise<void>): void;
  setTimeout(timeout: number): void;
}

/**
 * Gives the calling spec file (or describe block) its own server on the suite port plus
 * `portOffset`, serving the suite's build: started before its tests, deleted after them.
 */
export function useOwnServer(test: SuiteHooks, options: { portOffset: number; env?: Record<string, string> }): OwnServer {
  const server = ownServer({
    port: Number(process.env.E2E_PORT ?? 8181) + options.portOffset,
    staticDir: process.env.E2E_STATIC_DIR ?? 'dist',
    ...(options.env ? { env: options.env } : {}),
  });
  test.use({ baseURL: server.baseURL });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await server.start();
  });
  test.afterAll(async () => {
    await server.dispose();
  });
  return server;
}
