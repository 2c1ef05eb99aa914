import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeUserDatabase } from '../../../src/app/db/userDatabase';
import { isServerReachable, reportServerReachable } from '../../../src/app/sync/connectivity';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { createOutboxSync, type OutboxSync } from '../../../src/app/sync/outboxSync';
import { flushUserOutbox } from '../../../src/app/sync/workerFlush';
import { putValueMutation, valueResources } from './support/fixtures';
import type { ModelServer } from './support/modelServer';
import { useSignedInUser } from './support/signedInUser';

// A page's flush that fails right after the connection comes back (its first request still goes
// through a network that is not up yet) leaves the page 'unreachable' and waiting for its retry
// timer. Meanwhile the service worker's Background Sync (or another tab) sends the same queue and
// the server answers it. The page must learn of that delivery at once, not at its next timer.

const signedIn = useSignedInUser();
let server: ModelServer;
let userId: string;
let sync: OutboxSync;
let timers: number[];

const writes = () => server.requests.filter((request) => request.method === 'PUT');

beforeEach(async () => {
  ({ server, userId } = signedIn);
  timers = [];
  // The retry timer is recorded and never fires: only something else can settle the page.
  sync = createOutboxSync({ userId, fetch: server.fetch, setTimer: (_run, ms) => (timers.push(ms), () => undefined) });
  await ensureFresh(valueResources.a);
});

afterEach(() => {
  sync.stop();
  reportServerReachable(true);
});

describe('a queue delivered by another context', () => {
  it("clears the page's 'unreachable' at once when the service worker sends the write it failed to send", async () => {
    await enqueueMutation(putValueMutation, { name: 'a', value: 5 });
    server.mode = 'down';
    await expect(sync.flush()).resolves.toMatchObject({ status: 'offline' });
    expect(isServerReachable()).toBe(false);
    expect(timers).toEqual([10_000]);

    server.mode = 'up';
    await expect(flushUserOutbox(userId, server.fetch)).resolves.toMatchObject({ status: 'done', sentCount: 1 });

    await vi.waitFor(() => expect(isServerReachable()).toBe(true));
    expect(await activeUserDatabase()?.outbox.count()).toBe(0);
    expect(writes()).toHaveLength(1);
    expect(timers).toEqual([10_000]); // settled without waiting for the timer
  });

  it('sends at once what is left when another context delivered only part of the queue', async () => {
    await enqueueMutation(putValueMutation, { name: 'a', value: 5 });
    await enqueueMutation(putValueMutation, { name: 'a', value: 6 });
    server.mode = 'down';
    await sync.flush();
    expect(isServerReachable()).toBe(false);

    // The service worker's connection drops after its first write: one of the two is sent.
    server.mode = 'up';
    let sentByWorker = 0;
    const workerFetch: typeof fetch = async (input, init) => {
      if (sentByWorker > 0) throw new TypeError('connection reset');
      const response = await server.fetch(input, init);
      if (init?.method === 'PUT') sentByWorker += 1;
      return response;
    };
    await expect(flushUserOutbox(userId, workerFetch)).rejects.toThrow('offline');
    expect(server.value('a')).toBe(5);

    await vi.waitFor(async () => expect(await activeUserDatabase()?.outbox.count()).toBe(0));
    expect(server.value('a')).toBe(6);
    expect(isServerReachable()).toBe(true);
    expect(writes()).toHaveLength(2);
  });

  it('does not flush again for the removals of its own flush', async () => {
    await enqueueMutation(putValueMutation, { name: 'a', value: 5 });
    await expect(sync.flush()).resolves.toMatchObject({ status: 'done', sentCount: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.filter((request) => request.path.endsWith('/user/info'))).toHaveLength(1);
  });
});
