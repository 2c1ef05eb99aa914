import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { deleteUserDatabase } from '../../../src/app/db/deleteUserDatabase';
import { closeUserDatabase, getUserDatabase } from '../../../src/app/db/userDatabase';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { createOutboxSync, type OutboxSync } from '../../../src/app/sync/outboxSync';
import { flushUserOutbox } from '../../../src/app/sync/workerFlush';
import { onWriteRefused, type WriteRefusal } from '../../../src/app/sync/writeRefusals';
import { makeUser, putValueMutation, valueResources } from './support/fixtures';
import { ModelServer } from './support/modelServer';

/**
 * A write queued offline must survive the app being reopened: the reopened page's start-up fetches
 * a new antiforgery token (a new XSRF-TOKEN cookie), and the replay must send the token valid at
 * that moment, from the page and from the service worker alike.
 */
let server: ModelServer;
let userId: string;
let sync: OutboxSync | undefined;
let refusals: WriteRefusal[];
let stopListening: () => void;
/** What the page's `document.cookie` shows; the service worker has no document at all. */
let pageCookie: () => string;

const put = (value: number) =>
  enqueueMutation(putValueMutation, { name: 'a', value });

const writes = () => server.requests.filter((request) => request.method === 'PUT');

function newPageSync(): OutboxSync {
  sync?.stop();
  sync = createOutboxSync({ userId, fetch: server.fetch, setTimer: () => () => undefined });
  return sync;
}

/** Closes the page: its flusher stops and its database connection closes. */
function closePage(): void {
  sync?.stop();
  sync = undefined;
  closeUserDatabase();
}

beforeEach(async () => {
  const user = makeUser();
  userId = user.userId;
  setActiveUser(user);
  server = new ModelServer(userId);
  pageCookie = () => server.cookie;
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('document', { get cookie() { return pageCookie(); } });
  refusals = [];
  stopListening = onWriteRefused((refusal) => refusals.push(refusal));
  await ensureFresh(valueResources.a);
  // Offline: the write is queued, and the page is closed before it could be sent.
  server.mode = 'down';
  await put(7);
  closePage();
  server.mode = 'up';
});

afterEach(async () => {
  stopListening();
  closePage();
  vi.unstubAllGlobals();
  setActiveUser(null);
  await deleteUserDatabase(userId);
});

describe('a write queued before the app was closed', () => {
  it('is delivered once by the reopened page, with the token start-up just set', async () => {
    const fresh = server.rotateToken(); // the reopened app's start-up fetch of /api/antiforgerytoken
    await expect(newPageSync().flush()).resolves.toMatchObject({ status: 'done', sentCount: 1 });
    expect(writes().map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual([fresh]);
    expect(server.log.map(({ value }) => value)).toEqual([7]);
    expect(refusals).toEqual([]);
    expect(await getUserDatabase(userId).outbox.count()).toBe(0);
    await ensureFresh(valueResources.a);
    expect(await getUserDatabase(userId).resources.get('value-a')).toMatchObject({ value: 7, isPending: false });
  });

  it('is delivered once by the service worker, which reads the token from GET /api/antiforgerytoken', async () => {
    server.rotateToken();
    vi.stubGlobal('document', undefined); // a worker has no document.cookie
    await expect(flushUserOutbox(userId, server.fetch)).resolves.toMatchObject({ status: 'done', sentCount: 1, refusals: [] });
    expect(writes().map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual([server.cookieToken]);
    expect(server.log.map(({ value }) => value)).toEqual([7]);
  });

  it('is retried once with a fresh token when the token it sent is refused, and then delivered', async () => {
    // The page still shows a token the server no longer pairs with the cookie (another tab, or a
    // cookie replaced between reading and sending).
    pageCookie = () => 'XSRF-TOKEN=token-from-before';
    let isRenewed = false;
    const fetchSpy: typeof fetch = async (input, init) => {
      if (String(input) === '/api/antiforgerytoken') {
        isRenewed = true;
        pageCookie = () => server.cookie;
      }
      return server.fetch(input, init);
    };
    const page = createOutboxSync({ userId, fetch: fetchSpy, setTimer: () => () => undefined });
    try {
      await expect(page.flush()).resolves.toMatchObject({ status: 'done', sentCount: 1 });
    } finally {
      page.stop();
    }
    expect(isRenewed).toBe(true);
    expect(writes().map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual(['token-from-before', server.cookieToken]);
    expect(server.log.map(({ value }) => value)).toEqual([7]);
    expect(refusals).toEqual([]);
  });

  it('is never dropped for its token: refused again after a fresh one, it stays queued and pending', async () => {
    server.isRefusingAllTokens = true;
    await expect(newPageSync().flush()).resolves.toMatchObject({ status: 'retry', sentCount: 0, refusals: [] });
    await expect(flushUserOutbox(userId, server.fetch)).rejects.toThrow('retry');
    expect(writes()).toHaveLength(4); // page: sent, then once more; worker: the same
    expect(refusals).toEqual([]);
    expect(await getUserDatabase(userId).outbox.count()).toBe(1);
    expect(await getUserDatabase(userId).resources.get('value-a')).toMatchObject({ value: 7, isPending: true });

    server.isRefusingAllTokens = false;
    await expect(newPageSync().flush()).resolves.toMatchObject({ status: 'done', sentCount: 1 });
    expect(server.log.map(({ value }) => value)).toEqual([7]);
  });

  it('stores no token with the queued write', async () => {
    const [entry] = await getUserDatabase(userId).outbox.toArray();
    expect(entry).toBeDefined();
    expect(Object.keys(entry ?? {})).not.toContain('xsrfToken');
  });
});
