import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsenceConfig, AbsenceRequest } from '../../src/shared/contract/absences.js';
import { createDb } from '../../src/server/db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded.js';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess.js';
import { TEST_CLOCK_START } from '../helpers/testClock.js';
import { samples } from './features/absences/multipart.js';
import { allDayFields, dayFromToday } from './features/absences/support.js';

const PERSONAS = ['student', 'student2', 'student.unenrolled', 'student.unknown', 'lecturer', 'staff', 'admin'];

const cookiesOf = (response: Response): Record<string, string> =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') ?? []).filter((p) => p.length === 2));
const cookieHeader = (cookies: Record<string, string>): string => Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');

let root = '';
let cluster: EmbeddedDatabase | undefined;
let servers: ServerProcess[] = [];

/**
 * Two real server processes, each with its own DATA_DIR, on one PostgreSQL: the one the test
 * starts, reached through DATABASE_URL. They start at the same moment on an empty database.
 */
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'campus-multi-'));
  await chmod(root, 0o755); // the postgres OS user must be able to reach the cluster folder
  cluster = await startEmbeddedPostgres(join(root, 'pg'));
  const admin = createDb(cluster.connectionString('postgres'), 1);
  try {
    await sql`CREATE DATABASE campus_shared`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const databaseUrl = cluster.connectionString('campus_shared');
  // B starts up through DATABASE_DIRECT_URL, as it would when DATABASE_URL is a PgBouncer pool in transaction mode.
  // Both run, and seed the demo university, on the suite's clock (TEST_CLOCK_START), as the test's dates do.
  const env = (name: string, extra: Record<string, string> = {}) => ({ DATABASE_URL: databaseUrl, DATA_DIR: join(root, name), LOG_LEVEL: 'warn', CLOCK_START: TEST_CLOCK_START, ...extra });
  servers = await Promise.all([env('a'), env('b', { DATABASE_DIRECT_URL: databaseUrl })].map((vars) => startServerProcess(vars)));
}, 240_000);

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await cluster?.stop();
  await rm(root, { recursive: true, force: true });
}, 60_000);

const server = (index: number): ServerProcess => {
  const found = servers[index];
  if (!found) throw new Error(`no server ${index}`);
  return found;
};

/** Signs a demo persona in on `base` and returns the cookies (session and antiforgery token). */
async function signIn(base: string, userName: string): Promise<Record<string, string>> {
  const anonymous = cookiesOf(await fetch(`${base}/api/antiforgerytoken`));
  const token = anonymous['XSRF-TOKEN'] ?? '';
  const response = await fetch(`${base}/api/user/signin/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(anonymous), 'x-xsrf-token': token },
    body: JSON.stringify({ userName }),
  });
  expect(response.status).toBe(200);
  return { ...anonymous, ...cookiesOf(response) };
}

describe('two server processes on one PostgreSQL', () => {
  it('seed an empty database once when they start at the same moment', async () => {
    const seededBy = servers.filter((s) => s.output().includes('demo university seeded'));
    expect(seededBy).toHaveLength(1);
    const db = createDb(cluster?.connectionString('campus_shared') ?? '', 1);
    try {
      const { rows } = await sql<{ user_name: string; n: number }>`
        SELECT user_name, count(*)::int AS n FROM users WHERE user_name IN (${sql.join(PERSONAS)}) GROUP BY user_name`.execute(db);
      expect(rows.map((row) => [row.user_name, row.n]).sort()).toEqual(PERSONAS.map((name) => [name, 1]).sort());
      const requests = await sql<{ n: number }>`SELECT count(*)::int AS n FROM absence_requests r JOIN users u ON u.id = r.student_user_id WHERE u.user_name = 'student'`.execute(db);
      expect(requests.rows[0]?.n).toBe(7); // the seed's seven requests, not fourteen
    } finally {
      await db.destroy();
    }
  });

  it('accept a session started on one instance on the other', async () => {
    const cookies = await signIn(server(0).baseUrl, 'student');
    const info = await fetch(`${server(1).baseUrl}/api/user/info`, { headers: { cookie: cookieHeader(cookies) } });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ isSignedIn: true, userName: 'student' });
  });

  it('download through one instance a file uploaded through the other', async () => {
    const a = server(0).baseUrl;
    const b = server(1).baseUrl;
    const cookies = await signIn(a, 'student');
    const headers = { cookie: cookieHeader(cookies), 'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '' };
    const config = (await (await fetch(`${a}/api/attendance/absences/config`, { headers })).json()) as AbsenceConfig;
    const illness = config.categories.find((category) => category.absenceCategoryName === 'Illness')?.rowId ?? 0;

    const form = new FormData();
    const day = dayFromToday(1);
    for (const part of allDayFields(illness, day, day, 'Flu')) if ('value' in part) form.append(part.name, part.value);
    form.append('SupportingFiles', new Blob([samples.pdf], { type: 'application/pdf' }), 'fit note.pdf');
    const created = await fetch(`${a}/api/attendance/absences/requests`, { method: 'POST', headers, body: form });
    expect(created.status).toBe(200);
    const request = (await created.json()) as AbsenceRequest;
    const fileRow = request.supportingFiles[0]?.rowId ?? 0;

    const download = await fetch(`${b}/api/attendance/absences/requests/${request.rowId}/files/${fileRow}`, { headers: { cookie: cookieHeader(cookies) } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(samples.pdf)).toBe(true);
    // Nothing of it stayed on the receiving instance's disk.
    expect(await readdir(join(root, 'a', 'uploads')).catch(() => [])).toEqual([]);
  });
});
