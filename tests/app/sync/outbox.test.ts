import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../src/app/db/userDatabase';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { unsendableMessage } from '../../../src/app/sync/outboxFlusher';
import { createOutboxSync, type OutboxSync } from '../../../src/app/sync/outboxSync';
import { onWriteRefused, type WriteRefusal } from '../../../src/app/sync/writeRefusals';
import { makeUser, putValueMutation, valueResources, type ValueName } from './support/fixtures';
import { ModelServer } from './support/modelServer';

let server: ModelServer;
let sync: OutboxSync;
let timers: number[];
let refusals: WriteRefusal[];
let stopListening: () => void;

function db() {
  const database = activeUserDatabase();
  if (!database) throw new Error('no user');
  return database;
}

const put = (name: ValueName, value: number) =>
  enqueueMutation(putValueMutation, { name, value });

const writes = () => server.requests.filter((request) => request.method === 'PUT');

beforeEach(async () => {
  const user = makeUser();
  setActiveUser(user);
  server = new ModelServer(user.userId);
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('document', { get cookie() { return server.cookie; } });
  timers = [];
  sync = createOutboxSync({ userId: user.userId, fetch: server.fetch, setTimer: (_run, ms) => (timers.push(ms), () => undefined) });
  refusals = [];
  stopListening = onWriteRefused((refusal) => refusals.push(refusal));
  await ensureFresh(valueResources.a);
});

afterEach(() => {
  sync.stop();
  stopListening();
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
});

describe('enqueueMutation', () => {
  it('applies the change, marks the resource pending and queues the request, in one go', async () => {
    await expect(put('a', 5)).resolves.toBe(5);
    expect(await db().resources.get('value-a')).toMatchObject({ value: 5, base: null, isPending: true, version: 1 });
    expect(await db().outbox.toArray()).toEqual([
      expect.objectContaining({
        name: 'test.value.put',
        args: { name: 'a', value: 5 },
        routeId: 'test.value.put',
        params: { name: 'a' },
        resourceKey: 'value-a',
        attempts: 0,
        userId: server.signedInUserId,
        schemaVersion: 2,
      }),
    ]);
    expect(await db().outbox.toArray()).toEqual([expect.not.objectContaining({ xsrfToken: expect.anything() })]);
  });

  it('refuses a body the route schema does not accept, storing nothing', async () => {
    await expect(
      enqueueMutation(putValueMutation, { name: 'a', value: 1.5 }),
    ).rejects.toThrow();
    expect(await db().outbox.count()).toBe(0);
    expect(await db().resources.get('value-a')).toMatchObject({ value: null, isPending: false });
  });

  it('needs a signed-in user', async () => {
    setActiveUser(null);
    await expect(put('a', 1)).rejects.toThrow('signed-in user');
  });
});

describe('flushing the outbox', () => {
  it('sends in order with the token valid at send time, then settles and reloads the resource', async () => {
    await put('a', 1);
    await put('b', 2);
    await put('a', 3);
    const renewed = server.rotateToken();
    const outcome = await sync.flush();
    expect(outcome).toMatchObject({ status: 'done', sentCount: 3, settledKeys: ['value-b', 'value-a'] });
    expect(server.log.map(({ name, value }) => `${name}${value}`)).toEqual(['a1', 'b2', 'a3']);
    expect(writes().map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual([renewed, renewed, renewed]);
    expect(new Set(writes().map((request) => request.headers.get('Idempotency-Key'))).size).toBe(3);
    expect(await db().outbox.count()).toBe(0);
    expect(await db().resources.get('value-a')).toMatchObject({ value: 3, isPending: false, isStale: false, etag: server.etag('a') });
  });

  it('stops at a network failure, keeps the entry and retries on a backoff timer', async () => {
    await put('a', 1);
    server.mode = 'down';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await sync.flush()).status).toBe('offline');
    expect(timers).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(await db().outbox.count()).toBe(1);
    expect(await db().resources.get('value-a')).toMatchObject({ value: 1, isPending: true });
    server.mode = 'up';
    expect(await sync.flush()).toMatchObject({ status: 'done', sentCount: 1 });
    expect(server.value('a')).toBe(1);
  });

  it('replays a write whose answer was lost, with the same Idempotency-Key', async () => {
    await put('a', 1);
    server.mode = 'lossy';
    expect((await sync.flush()).status).toBe('offline');
    server.mode = 'up';
    await sync.flush();
    expect(server.log.map(({ value }) => value)).toEqual([1, 1]);
    expect(server.replays).toBe(1);
    expect(await db().outbox.count()).toBe(0);
  });

  it('drops a refused write, reports it, carries on with the rest and reloads the resource', async () => {
    await put('a', -1);
    await put('b', 2);
    const outcome = await sync.flush();
    expect(outcome).toMatchObject({ status: 'done', sentCount: 1 });
    expect(refusals).toEqual([
      expect.objectContaining({ resourceKey: 'value-a', status: 400, message: 'Values must not be negative.', errors: { value: ['Negative'] } }),
    ]);
    expect(await db().resources.get('value-a')).toMatchObject({ value: null, isPending: false });
    expect(await db().resources.get('value-b')).toMatchObject({ value: 2, isPending: false });
  });

  it('drops an entry whose stored args no longer make a request (an older release queued it) as refused, and sends the rest', async () => {
    await put('a', 5);
    const [first] = await db().outbox.toArray();
    // As if an older release had queued it with args of another shape.
    if (first?.seq !== undefined) await db().outbox.update(first.seq, { args: { name: 'a', value: 'five' } });
    await put('b', 2);
    const outcome = await sync.flush();
    expect(outcome).toMatchObject({ status: 'done', sentCount: 1 });
    expect(writes().map((request) => request.path)).toEqual(['/api/test/values/b']);
    expect(refusals).toEqual([expect.objectContaining({ resourceKey: 'value-a', status: 400, message: unsendableMessage })]);
    expect(await db().outbox.count()).toBe(0);
    expect(await db().resources.get('value-b')).toMatchObject({ value: 2, isPending: false });
  });

  it('keeps the pending mark while another write of the same resource is still queued', async () => {
    await put('a', -1);
    await put('a', 2);
    server.mode = 'error5xx';
    await sync.flush();
    expect(await db().outbox.count()).toBe(2);
    expect(await db().resources.get('value-a')).toMatchObject({ value: 2, isPending: true });
    server.mode = 'up';
    await sync.flush();
    expect(await db().resources.get('value-a')).toMatchObject({ value: 2, isPending: false });
  });

  it('keeps the entry on a server error, to retry after a delay', async () => {
    await put('a', 1);
    server.mode = 'error5xx';
    expect(await sync.flush()).toMatchObject({ status: 'retry', sentCount: 0 });
    expect(await db().outbox.count()).toBe(1);
    expect(timers).toEqual([10_000]);
  });

  it("never replays one user's writes in another user's session", async () => {
    await put('a', 1);
    server.signedInUserId = 'someone-else';
    expect(await sync.flush()).toMatchObject({ status: 'retry', sentCount: 0 });
    expect(writes()).toHaveLength(0);
    expect(await db().outbox.count()).toBe(1);
  });
});
