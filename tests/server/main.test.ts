import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresProcessesFor, startServerProcess } from '../helpers/serverProcess.js';

const cookieOf = (response: Response): Record<string, string> =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') ?? []).filter((p) => p.length === 2));

describe('the server process on its embedded database', () => {
  let dataDir = '';
  afterAll(async () => {
    for (const pid of postgresProcessesFor(dataDir)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('survives kill -9 with all its data, and stops cleanly on SIGTERM', { timeout: 240_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'campus-main-'));
    await chmod(dataDir, 0o755);

    const first = await startServerProcess({ DATA_DIR: dataDir });
    expect(first.output()).toContain('demo university seeded');
    const token = cookieOf(await fetch(`${first.baseUrl}/api/antiforgerytoken`))['XSRF-TOKEN'] ?? '';
    const signIn = await fetch(`${first.baseUrl}/api/user/signin/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
      body: JSON.stringify({ userName: 'student' }),
    });
    expect(signIn.status).toBe(200);
    const session = cookieOf(signIn).cc_session;

    first.child.kill('SIGKILL');
    await first.exited;
    expect(postgresProcessesFor(dataDir).length).toBeGreaterThan(0); // the orphaned PostgreSQL is still up

    const second = await startServerProcess({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('demo university seeded');
    const info = (await (await fetch(`${second.baseUrl}/api/user/info`, { headers: { cookie: `cc_session=${session}` } })).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ isSignedIn: true, userName: 'student' }); // the session row survived

    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  });
});
