import { request as httpRequest, type IncomingMessage } from 'node:http';
import { systemClock } from '../src/server/clock.js';
import { getHeapStatistics } from 'node:v8';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { getOrCreateSecret } from '../src/server/auth/secrets.js';
import { sessionCookieName } from '../src/server/auth/cookies.js';
import { SessionStore } from '../src/server/auth/session.service.js';
import { XSRF_COOKIE, XsrfTokens, xsrfSubject } from '../src/server/auth/xsrf.js';
import { loadConfig } from '../src/server/config.js';
import type { Db } from '../src/server/db/database.js';
import { setMaintenance, syncServices } from '../src/server/realtime/statusStore.js';
import { realtimeHubPath } from '../src/shared/contract/realtime.js';
import type { BenchResult } from './closeRegisters.bench.js';

/**
 * Fan-out of one status change to 500 feed connections spread over two server instances (two
 * apps in this process on one database, so the change travels through LISTEN/NOTIFY): the time
 * from the committed change to each client reading the new statuses, p50 and p99 over 5 changes.
 * The clients are bare HTTP (negotiate, the event stream, the handshake), not the SignalR library,
 * so their own cost stays small; memory is the growth of this process's heap per connection
 * (both servers and the bare clients), after a collection where `--expose-gc` allows one.
 */
const CLIENTS = 500;
const USERS = 100; // five connections each: the per-user limit
const CHANGES = 5;
const RS = '\u001e';

interface Client {
  readonly response: IncomingMessage;
  /** Resolves at the next updateStatuses whose statuses contain `marker`. */
  waitFor(marker: string): Promise<number>;
}

function post(port: number, path: string, headers: Record<string, string>, body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function connect(port: number, headers: Record<string, string>): Promise<Client> {
  const negotiated = await post(port, `${realtimeHubPath}/negotiate?negotiateVersion=1`, headers);
  if (negotiated.status !== 200) throw new Error(`negotiate answered ${negotiated.status}: ${negotiated.text}`);
  const token = (JSON.parse(negotiated.text) as { connectionToken: string }).connectionToken;
  const path = `${realtimeHubPath}?id=${encodeURIComponent(token)}`;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { cookie: headers.cookie ?? '', accept: 'text/event-stream' } }, resolve);
    request.on('error', reject);
    request.end();
  });
  let buffer = '';
  let waiter: { marker: string; resolve: (at: number) => void } | undefined;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    if (waiter && buffer.includes(waiter.marker)) {
      const done = waiter;
      waiter = undefined;
      done.resolve(performance.now());
    }
    // Only the tail can still hold a marker that is being written.
    if (buffer.length > 64 * 1024) buffer = buffer.slice(-16 * 1024);
  });
  const first = new Promise<number>((resolve) => (waiter = { marker: 'updateStatuses', resolve }));
  const sent = await post(port, path, headers, `{"protocol":"json","version":1}${RS}`);
  if (sent.status !== 204) throw new Error(`handshake answered ${sent.status}`);
  await first;
  return {
    response,
    waitFor: (marker) => {
      buffer = '';
      return new Promise<number>((resolve) => (waiter = { marker, resolve }));
    },
  };
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const heapUsed = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return getHeapStatistics().used_heap_size;
};

export async function benchStatusFanout(db: Db): Promise<BenchResult> {
  const config = loadConfig({ DEMO: '1', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', STATUS_CHECKS: JSON.stringify([{ id: 'bench', name: 'Bench service', url: 'http://127.0.0.1:9/none' }]) });
  await syncServices(db, config.status.checks, new Date());
  await sql`insert into users (user_name, display_name, first_name, email)
    select 'fanout' || i, 'Fan-out ' || i, 'Fan', 'fanout' || i || '@example.ac.uk' from generate_series(1, ${USERS}) i`.execute(db);
  const users = await db.selectFrom('users').select('id').where('user_name', 'like', 'fanout%').orderBy('id').execute();
  const apps = [await buildApp({ config, db }), await buildApp({ config, db })];
  const clients: Client[] = [];
  try {
    const ports: number[] = [];
    for (const app of apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      ports.push(typeof address === 'object' && address ? address.port : 0);
    }
    const sessions = new SessionStore(db, { idleMinutes: 60, maxHours: 12, acceptsDemoSessions: true }, systemClock);
    const xsrf = new XsrfTokens(await getOrCreateSecret(db, 'xsrf', new Date()));
    const headersOf = await Promise.all(
      users.map(async ({ id }) => {
        const session = await sessions.create(id, 'demo');
        const token = xsrf.issue(xsrfSubject(session));
        return { cookie: `${sessionCookieName(undefined)}=${session.id}; ${XSRF_COOKIE}=${token}`, 'x-xsrf-token': token };
      }),
    );
    const heapBefore = heapUsed();
    for (let i = 0; i < CLIENTS; i += 50) {
      clients.push(...(await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => connect(ports[(i + j) % 2] ?? 0, headersOf[(i + j) % USERS] ?? {})))));
    }
    const perConnectionKb = (heapUsed() - heapBefore) / CLIENTS / 1024;

    const latencies: number[] = [];
    const runsMs: number[] = [];
    const admin = users[0]?.id ?? 0;
    for (let change = 0; change < CHANGES; change += 1) {
      const marker = `bench change ${change}`;
      const arrivals = clients.map((client) => client.waitFor(marker));
      const started = performance.now();
      await setMaintenance(db, admin, 'bench', { message: marker, until: new Date(Date.now() + 3_600_000).toISOString() }, new Date());
      const times = (await Promise.all(arrivals)).map((at) => at - started);
      latencies.push(...times);
      runsMs.push(Math.max(...times));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    return {
      name: `Status fan-out to ${CLIENTS} feed connections on 2 instances`,
      runsMs,
      medianMs: p50,
      detail: `one maintenance change, from its write (transaction and NOTIFY included) to every client reading it: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (runs: slowest client); heap per open connection ≈ ${perConnectionKb.toFixed(1)} kB (both servers and the bare clients)`,
    };
  } finally {
    for (const client of clients) client.response.destroy();
    for (const app of apps) await app.close();
  }
}
