import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  readonly origin: string;
  readonly pid: number;
  /** Stops the server (it stops its embedded PostgreSQL) and removes its data. */
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  readonly port: number;
  /** Extra node flags, e.g. `--cpu-prof`. */
  readonly nodeFlags?: readonly string[];
  readonly env?: Record<string, string>;
  /** Where the built client is; a folder without index.html serves the API only. */
  readonly staticDir?: string;
  /** A DATA_DIR to reuse (kept on stop), e.g. to profile without the seed; default a new one, removed on stop. */
  readonly dataDir?: string;
  /** The checkout whose server runs (a worktree of an older commit, to compare with); default this one. */
  readonly root?: string;
}

/** The real server (`src/server/main.ts`) in its own process, on a fresh embedded database with the demo seed. */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'campus-bench-server-'));
  // As root the embedded PostgreSQL runs as the `postgres` user, which must pass through.
  chmodSync(dataDir, 0o711);
  const origin = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    STATIC_DIR: options.staticDir ?? join(dataDir, 'no-client'),
    SIGNIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', 'src/server/main.ts'], {
    env,
    ...(options.root ? { cwd: options.root } : {}),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('bench server did not start');
    const isUp = await fetch(`${origin}/api/user/info`).then((r) => r.ok, () => false);
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    origin,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers. */
function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
}

/** Signs a demo persona in over HTTP; answers the Cookie header its requests send. */
export async function signInOver(origin: string, userName: string): Promise<string> {
  const tokenResponse = await fetch(`${origin}/api/antiforgerytoken`);
  const anonymousCookies = cookiesOf(tokenResponse);
  const xsrf = anonymousCookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const signIn = await fetch(`${origin}/api/user/signin/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: anonymousCookies.join('; '), 'x-xsrf-token': xsrf },
    body: JSON.stringify({ userName }),
  });
  if (!signIn.ok) throw new Error(`sign-in as ${userName}: ${signIn.status} ${await signIn.text()}`);
  const cookies = new Map(anonymousCookies.map((c) => [c.split('=')[0] ?? '', c]));
  for (const c of cookiesOf(signIn)) cookies.set(c.split('=')[0] ?? '', c);
  return [...cookies.values()].join('; ');
}
