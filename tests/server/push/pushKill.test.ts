import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webPushToken } from '../../../src/server/features/notifications/subscriptions.service.js';
import type { JobsState } from '../../../src/shared/contract/admin.js';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../../helpers/localPushService.js';
import { postgresProcessesFor, startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';

/**
 * Pushes survive a crash: 200 queued pushes, `kill -9` of the server while it sends them, a new
 * server on the same database. Every device gets its message; a device may get it twice only in
 * the documented window (the push service took it, the process died before recording that), so at
 * most the sends in flight at the kill.
 */
const DEVICES = 200;
const IN_FLIGHT = 8;

/**
 * A slow, counting door in front of the push service, so that the kill lands mid-send: each push
 * waits 20 to 120 ms, so the sends of one batch finish at different times.
 */
async function startDelayingProxy(target: string): Promise<{ origin: string; answered: () => number; server: Server }> {
  let answered = 0;
  const server = createServer((incoming, outgoing) => {
    setTimeout(() => {
      const forward = request(`${target}${incoming.url ?? '/'}`, { method: incoming.method, headers: incoming.headers }, (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing).on('finish', () => (answered += 1));
      });
      forward.on('error', () => outgoing.destroy());
      incoming.pipe(forward);
    }, 20 + Math.random() * 100);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, answered: () => answered, server };
}

/** A cookie jar over fetch, with the antiforgery header. */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [name, value] = cookie.split(';')[0]?.split('=') ?? [];
      if (name) this.cookies.set(name, value ?? '');
    }
    return response;
  }

  async signIn(userName: string): Promise<void> {
    await this.call('GET', '/api/antiforgerytoken');
    const response = await this.call('POST', '/api/user/signin/demo', { userName });
    if (response.status !== 200) throw new Error(`sign-in as ${userName}: ${response.status}`);
  }
}

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('push sends across a crash', () => {
  let dataDir = '';
  let pushService: LocalPushService | undefined;
  let proxy: Server | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    for (const pid of postgresProcessesFor(dataDir)) process.kill(pid, 'SIGKILL');
    proxy?.closeAllConnections();
    proxy?.close();
    await pushService?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers every queued push after kill -9 and a restart, none twice outside the window', { timeout: 300_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'campus-pushkill-'));
    await chmod(dataDir, 0o755);
    pushService = await startLocalPushService();
    const door = await startDelayingProxy(pushService.origin);
    proxy = door.server;
    const env = { DATA_DIR: dataDir, PUSH_ALLOWED_ORIGINS: door.origin, PUSH_RETRY_BASE_MS: '200' };

    const first = await startServerProcess(env);
    servers.push(first);
    const student = new Client(first.baseUrl);
    await student.signIn('student');
    const { vapidPublicKey } = (await (await student.call('GET', '/api/user/notifications/pushconfig')).json()) as { vapidPublicKey: string };
    const devices: LocalSubscription[] = [];
    for (let i = 0; i < DEVICES; i += 1) {
      const subscription = await pushService.subscribe(vapidPublicKey);
      const endpoint = subscription.endpoint.replace(pushService.origin, door.origin);
      const response = await student.call('POST', '/api/user/notifications/subscription', {
        token: webPushToken(endpoint),
        subscriptionNotificationTypes: [{ notificationType: 'Timetable' }],
        webPush: { endpoint, keys: subscription.keys },
      });
      expect(response.status).toBe(200);
      devices.push(subscription);
    }
    const timetable = (await (await student.call('GET', '/api/timetable')).json()) as { timetableEntries: { rowId: number; isCancelled: boolean }[] };
    const lesson = timetable.timetableEntries.find((entry) => !entry.isCancelled);
    if (!lesson) throw new Error('the student has no class to cancel');

    const admin = new Client(first.baseUrl);
    await admin.signIn('admin');
    expect((await admin.call('POST', `/api/admin/timetable/events/${lesson.rowId}/cancel`)).status).toBe(200);

    // Kill while a batch is part answered: some of its sends done, others still in flight.
    await waitFor('the first sends', () => door.answered() >= 30, 60_000);
    const deadline = Date.now() + 30_000;
    while (door.answered() % IN_FLIGHT === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
    // Counted as the kill is sent: answers still on their way afterwards must not change it.
    const sentBeforeKill = door.answered();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(sentBeforeKill).toBeLessThan(DEVICES); // the kill landed mid-send
    expect(sentBeforeKill % IN_FLIGHT).not.toBe(0); // with a batch part done

    const second = await startServerProcess(env);
    servers.push(second);
    const counts = async (): Promise<number[]> => Promise.all(devices.map(async (device) => (await pushService?.messages(device))?.length ?? 0));
    await waitFor('every device to get its push', async () => (await counts()).every((count) => count >= 1), 180_000);

    // The jobs the killed process had taken stay active until they expire (30 s), then run once
    // more: wait for the queue to settle before counting, so a late retry is counted too.
    const secondAdmin = new Client(second.baseUrl);
    await secondAdmin.signIn('admin');
    const pushQueue = async () => {
      const state = (await (await secondAdmin.call('GET', '/api/admin/jobs')).json()) as JobsState;
      return state.queues.find((queue) => queue.queue === 'push.send');
    };
    await waitFor('the push queue to settle', async () => {
      const push = await pushQueue();
      return push !== undefined && push.created + push.retry + push.active === 0;
    }, 180_000);
    expect(await pushQueue()).toMatchObject({ created: 0, retry: 0, active: 0, failed: 0 });

    const perDevice = await counts();
    expect(perDevice.every((count) => count === 1 || count === 2)).toBe(true);
    expect(perDevice.filter((count) => count === 2).length).toBeLessThanOrEqual(IN_FLIGHT);
    const payloads = new Set((await Promise.all(devices.map((device) => pushService?.messages(device) ?? []))).flat());
    expect(payloads.size).toBe(1); // one notification, the same row id on every device

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
