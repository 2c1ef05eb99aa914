import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { findFreePort } from '../../src/server/db/freePort.js';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  readonly output: () => string;
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
}

/**
 * Runs `npm start`'s script as a real process (without rebuilding the client) and waits until it
 * listens; `launcher` is a command that runs it, such as `['prlimit', '--fsize=1048576']`.
 */
export async function startServerProcess(env: Record<string, string>, port?: number, launcher: readonly string[] = []): Promise<ServerProcess> {
  const chosenPort = port ?? (await findFreePort());
  const [command = process.execPath, ...args] = [...launcher, process.execPath, 'scripts/start.mjs'];
  const child = spawn(command, args, {
    env: { ...process.env, SKIP_BUILD: '1', STATIC_DIR: '/nonexistent', HOST: '127.0.0.1', PORT: String(chosenPort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const check = (): void => {
      if (output.includes('listening on http://')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${chosenPort}`, output: () => output, exited };
}

/** PIDs of PostgreSQL servers whose command line names this data folder. */
export function postgresProcessesFor(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.includes('postgres') && cmdline.includes(dataDir) && !cmdline.includes('start.mjs');
      } catch {
        return false;
      }
    })
    .map(Number);
}
