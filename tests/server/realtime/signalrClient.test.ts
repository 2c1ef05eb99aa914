import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { sql } from 'kysely';
import { z } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../../src/server/db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/server/db/embedded.js';
import { findFreePort } from '../../../src/server/db/freePort.js';
import { realtimeHubPath, serviceStatusesJsonSchema, updateStatusesEvent, type ServiceStatus } from '../../../src/shared/contract/realtime.js';
import { startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';

/**
 * The official SignalR client (@microsoft/signalr, Node) against two real server processes on one
 * PostgreSQL, each running the status checks every second against an HTTP server this test
 * starts and stops.
 */
const CHECK_SECONDS = 1;

let root = '';
let cluster: EmbeddedDatabase | undefined;
let databaseUrl = '';
let target: Server | undefined;
let targetPort = 0;
const servers: ServerProcess[] = [];
const ports: number[] = [];
const clients: HubConnection[] = [];

const cookiesOf = (response: Response): Record<string, string> =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') ?? []).filter((p) => p.length === 2));
const cookieHeader = (cookies: Record<string, string>): string => Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');

async function startTarget(): Promise<void> {
  target = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((resolve) => target?.listen(targetPort, '127.0.0.1', resolve));
}

async function stopTarget(): Promise<void> {
  const server = target;
  target = undefined;
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
}

function envFor(name: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(root, name),
    LOG_LEVEL: 'warn',
    STATUS_CHECK_SECONDS: String(CHECK_SECONDS),
    STATUS_CHECKS: JSON.stringify([{ id: 'timetable', name: 'Timetable', url: `http://127.0.0.1:${targetPort}/health`, feature: 'timetable', timeoutMs: 2000 }]),
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'campus-signalr-'));
  await chmod(root, 0o755);
  cluster = await startEmbeddedPostgres(join(root, 'pg'));
  const admin = createDb(cluster.connectionString('postgres'), 1);
  try {
    await sql`CREATE DATABASE campus_feed`.execute(admin);
  } finally {
    await admin.destroy();
  }
  databaseUrl = cluster.connectionString('campus_feed');
  targetPort = await findFreePort();
  await startTarget();
  ports.push(await findFreePort(), await findFreePort());
  // One after the other: the first migrates and seeds, the second finds it done.
  servers.push(await startServerProcess(envFor('a'), ports[0]));
  servers.push(await startServerProcess(envFor('b'), ports[1]));
}, 240_000);

afterAll(async () => {
  for (const client of clients) await client.stop().catch(() => {});
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await stopTarget();
  await cluster?.stop();
  await rm(root, { recursive: true, force: true });
}, 60_000);

const baseOf = (index: number): string => `http://127.0.0.1:${ports[index] ?? 0}`;

/** Signs a demo persona in and returns the headers a SignalR client must send (cookies, antiforgery). */
async function signIn(base: string, userName: string): Promise<Record<string, string>> {
  const anonymous = cookiesOf(await fetch(`${base}/api/antiforgerytoken`));
  const response = await fetch(`${base}/api/user/signin/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(anonymous), 'x-xsrf-token': anonymous['XSRF-TOKEN'] ?? '' },
    body: JSON.stringify({ userName }),
  });
  expect(response.status).toBe(200);
  const cookies = { ...anonymous, ...cookiesOf(response) };
  return { cookie: cookieHeader(cookies), 'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '' };
}

interface Feed {
  readonly connection: HubConnection;
  /** Every statuses list received, oldest first. */
  readonly updates: ServiceStatus[][];
  readonly firstArguments: unknown[];
  reconnects: number;
}

/** The official client, SSE only, as the app's own connection is built. */
async function connect(base: string, headers: Record<string, string>): Promise<Feed> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${base}${realtimeHubPath}`, { transport: HttpTransportType.ServerSentEvents, headers })
    .withAutomaticReconnect([0, 500, 1000, 1000, 1000, 2000, 2000, 2000, 5000, 5000, 5000, 5000])
    .configureLogging(LogLevel.None)
    .build();
  const feed: Feed = { connection, updates: [], firstArguments: [], reconnects: 0 };
  connection.on(updateStatusesEvent, (first: unknown, second: unknown) => {
    feed.firstArguments.push(first);
    feed.updates.push(z.parse(serviceStatusesJsonSchema, second));
  });
  connection.onreconnected(() => {
    feed.reconnects += 1;
  });
  await connection.start();
  clients.push(connection);
  return feed;
}

/** Waits until the newest update satisfies `test`; returns it. */
async function waitFor(feed: Feed, test: (statuses: ServiceStatus[]) => boolean, timeoutMs: number, what: string): Promise<ServiceStatus[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const latest = feed.updates.at(-1);
    if (latest && test(latest)) return latest;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; updates: ${JSON.stringify(feed.updates.map((u) => u.map((s) => s.state)))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const timetableState = (statuses: ServiceStatus[]) => statuses.find((status) => status.id === 'timetable')?.state;

describe('the status feed with the official SignalR client', () => {
  it('connects over server-sent events and receives updateStatuses with the statuses as the second argument', async () => {
    const feed = await connect(baseOf(0), await signIn(baseOf(0), 'student'));
    expect(feed.connection.state).toBe(HubConnectionState.Connected);
    const statuses = await waitFor(feed, (list) => timetableState(list) === 'operational', 15_000, 'the timetable to be operational');
    expect(statuses).toEqual([
      expect.objectContaining({ id: 'timetable', name: 'Timetable', feature: 'timetable', state: 'operational', maintenance: null, lastCheckedAt: expect.any(String) }),
    ]);
    expect(typeof feed.firstArguments[0]).toBe('number');
  }, 30_000);

  it('reports degraded and then an outage within three check periods when the checked service stops, and operational once it is back', async () => {
    const feed = await connect(baseOf(0), await signIn(baseOf(0), 'student'));
    await waitFor(feed, (list) => timetableState(list) === 'operational', 15_000, 'operational');
    const stoppedAt = Date.now();
    await stopTarget();
    const outage = await waitFor(feed, (list) => timetableState(list) === 'outage', 20_000, 'an outage');
    const states = feed.updates.map(timetableState);
    // degraded came first, straight after operational: one failure is not yet an outage.
    expect(states.slice(states.lastIndexOf('operational'))).toEqual(['operational', 'degraded', 'outage']);
    // Within three check periods: the check that confirmed it was at most the third run after the
    // stop (counted in the job queue, so a busy machine's late runs do not blur the count).
    const confirmedAt = new Date(Date.parse(outage[0]?.lastCheckedAt ?? ''));
    const db = createDb(databaseUrl, 1);
    try {
      const runs = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = 'status.checks' AND started_on >= ${new Date(stoppedAt)} AND started_on <= ${confirmedAt}`.execute(db);
      expect(runs.rows[0]?.n).toBeGreaterThanOrEqual(1);
      expect(runs.rows[0]?.n).toBeLessThanOrEqual(3);
    } finally {
      await db.destroy();
    }
    await startTarget();
    const back = await waitFor(feed, (list) => timetableState(list) === 'operational', 20_000, 'operational again');
    expect(back[0]?.responseTimeMs).toEqual(expect.any(Number));
  }, 60_000);

  it('delivers a maintenance set through one server to a client connected to the other', async () => {
    const onB = await connect(baseOf(1), await signIn(baseOf(1), 'student'));
    await waitFor(onB, (list) => list.length > 0, 15_000, 'the first statuses');
    const admin = await signIn(baseOf(0), 'admin');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const response = await fetch(`${baseOf(0)}/api/admin/status/timetable/maintenance`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Timetable upgrade until 10:00', until }),
    });
    expect(response.status).toBe(200);
    const statuses = await waitFor(onB, (list) => timetableState(list) === 'maintenance', 10_000, 'maintenance on the other server');
    expect(statuses[0]?.maintenance).toEqual({ message: 'Timetable upgrade until 10:00', until });

    const cleared = await fetch(`${baseOf(0)}/api/admin/status/timetable/maintenance`, { method: 'DELETE', headers: admin });
    expect(cleared.status).toBe(200);
    await waitFor(onB, (list) => timetableState(list) !== 'maintenance', 10_000, 'maintenance cleared');
  }, 60_000);

  it('reconnects after the server restarts and gets the current statuses at once', async () => {
    const feed = await connect(baseOf(0), await signIn(baseOf(0), 'student'));
    await waitFor(feed, (list) => list.length > 0, 15_000, 'the first statuses');
    const first = servers[0];
    first?.child.kill('SIGTERM');
    await first?.exited;
    const received = feed.updates.length;
    servers[0] = await startServerProcess(envFor('a'), ports[0]);
    const deadline = Date.now() + 30_000;
    while ((feed.reconnects === 0 || feed.updates.length === received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feed.reconnects).toBeGreaterThan(0);
    expect(feed.connection.state).toBe(HubConnectionState.Connected);
    expect(feed.updates.length).toBeGreaterThan(received);
  }, 120_000);
});
