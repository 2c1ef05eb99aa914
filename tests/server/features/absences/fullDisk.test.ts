import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../helpers/serverProcess.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { multipartBody, samples } from './multipart.js';
import { allDayFields, dayFromToday, file, REQUESTS_PATH } from './support.js';

/**
 * A disk that fills up under an upload. The server runs as its own process under a file size
 * limit of 1 MB (`prlimit --fsize`, RLIMIT_FSIZE): the kernel refuses each write past 1 MB of a
 * file with EFBIG, for root as well, as a full disk refuses one with ENOSPC. The upload is larger.
 */

const MESSAGE = 'We could not store your file right now. Please try again later.';
const LIMIT = 1024 * 1024;

const cookiesOf = (response: Response): Record<string, string> =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') ?? []).filter((p) => p.length === 2));

let database: TestDatabase;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase('seeded');
  dataDir = await mkdtemp(join(tmpdir(), 'upload-full-disk-'));
  server = await startServerProcess({ DATABASE_URL: database.connectionString, DATA_DIR: dataDir, DEMO: '1' }, undefined, ['prlimit', `--fsize=${LIMIT}`]);
}, 120_000);
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function signedInHeaders(baseUrl: string): Promise<Record<string, string>> {
  const token = cookiesOf(await fetch(`${baseUrl}/api/antiforgerytoken`))['XSRF-TOKEN'] ?? '';
  const signIn = await fetch(`${baseUrl}/api/user/signin/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    body: JSON.stringify({ userName: 'student' }),
  });
  expect(signIn.status).toBe(200);
  const cookies = { ...cookiesOf(signIn), 'XSRF-TOKEN': cookiesOf(signIn)['XSRF-TOKEN'] ?? token };
  return { cookie: Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; '), 'x-xsrf-token': cookies['XSRF-TOKEN'] };
}

const count = async (table: 'absence_requests' | 'evidence_contents'): Promise<number> =>
  Number((await database.db.selectFrom(table).select(({ fn }) => fn.countAll().as('count')).executeTakeFirstOrThrow()).count);

describe('a disk that cannot take the whole file', () => {
  it('answers 507 with the message although the body is larger than what was written, and keeps nothing', async () => {
    if (!server) throw new Error('no server');
    const headers = await signedInHeaders(server.baseUrl);
    const illness = (await database.db.selectFrom('absence_categories').select('id').where('name', '=', 'Illness').executeTakeFirstOrThrow()).id;
    const before = { requests: await count('absence_requests'), contents: await count('evidence_contents') };
    const day = dayFromToday(6);
    const big = Buffer.concat([samples.pdf, Buffer.alloc(3 * LIMIT, 0x20)]);
    const { payload, headers: formHeaders } = multipartBody([...allDayFields(illness, day, day), file('scan.pdf', big, 'application/pdf')]);

    const response = await fetch(`${server.baseUrl}${REQUESTS_PATH}`, { method: 'POST', headers: { ...headers, ...formHeaders }, body: new Uint8Array(payload) });
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({ message: MESSAGE, errors: { supportingFiles: [MESSAGE] }, code: 'insufficientStorage' });
    // The server's log line comes through a pipe, not with the response: it may arrive just after it.
    await expect.poll(() => server?.output() ?? '', { timeout: 5_000 }).toContain('EFBIG');

    expect(await count('absence_requests')).toBe(before.requests);
    expect(await count('evidence_contents')).toBe(before.contents);
    expect((await readdir(join(dataDir, 'uploads'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
