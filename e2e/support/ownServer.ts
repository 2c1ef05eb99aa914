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
