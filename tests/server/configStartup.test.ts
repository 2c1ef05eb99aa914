import { spawn, type SpawnOptions } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess.js';
import { createTestDatabase, type TestDatabase } from '../helpers/testDb.js';

/** The configuration as `npm start` meets it: a bad value stops the server; demo next to OIDC is shouted about. */

function runUntilExit(env: Record<string, string>, options: Pick<SpawnOptions, 'uid' | 'gid'> = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, SKIP_BUILD: '1', STATIC_DIR: '/nonexistent', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('a malformed variable', () => {
  it('stops the server at start with a message naming it', async () => {
    const { code, output } = await runUntilExit({ PORT: '8080', SESSION_IDLE_MINUTES: 'an hour', DATA_DIR: '/nonexistent/never-created' });
    expect(code).toBe(1);
    expect(output).toContain('Campus Companion failed to start: Invalid configuration: SESSION_IDLE_MINUTES must be a positive number, got "an hour"');
  }, 60_000);
});

describe('an uploads folder that cannot be written', () => {
  let dataDir = '';
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops the server at start with a message naming the folder', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'campus-readonly-'));
    await chmod(dataDir, 0o755);
    const uploads = join(dataDir, 'uploads');
    await mkdir(uploads);
    // Root writes into a 0555 folder all the same: as root, the server runs as 'nobody' (uid
    // 65534), who owns the folder, so that the folder's own mode is what refuses it.
    const isRoot = process.getuid?.() === 0;
    if (isRoot) await chown(uploads, 65534, 65534);
    await chmod(uploads, 0o555);
    const { code, output } = await runUntilExit({ PORT: '8080', DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, isRoot ? { uid: 65534, gid: 65534 } : {});
    expect(code).toBe(1);
    expect(output).toContain(`Campus Companion failed to start: the uploads folder ${uploads} (DATA_DIR/uploads) cannot be written: EACCES`);
  }, 60_000);
});

describe('DEMO=1 next to OpenID Connect', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('seeded');
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await database?.drop();
  });

  it('is announced loudly in the start-up log', async () => {
    server = await startServerProcess({
      DATABASE_URL: database.connectionString,
      DEMO: '1',
      OIDC_ISSUER: 'https://login.campus.invalid/tenant/v2.0',
      OIDC_CLIENT_ID: 'campus',
      OIDC_CLIENT_SECRET: 'secret',
    });
    await expect.poll(() => server?.output() ?? '').toContain('*** WARNING: DEMO=1 next to OpenID Connect');
    expect(server.output()).toContain('(sign-in: OpenID Connect and demo personas)');
  }, 120_000);
});
