import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { deleteUserDatabase } from '../../../src/app/db/deleteUserDatabase';
import { activeUserDatabase, closeUserDatabase } from '../../../src/app/db/userDatabase';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { createOutboxSync } from '../../../src/app/sync/outboxSync';
import { outboxSyncTag, userIdFromOutboxSyncTag } from '../../../src/app/sync/syncTag';
import { flushUserOutbox } from '../../../src/app/sync/workerFlush';
import { onWriteRefused, type WriteRefusal } from '../../../src/app/sync/writeRefusals';
import { makeUser, putValueMutation, valueResources } from './support/fixtures';
import { ModelServer } from './support/modelServer';

let server: ModelServer;
let userId: string;

const put = (value: number) =>
  enqueueMutation(putValueMutation, { name: 'a', value });

beforeEach(() => {
  const user = makeUser();
  userId = user.userId;
  setActiveUser(user);
  server = new ModelServer(userId);
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('document', { get cookie() { return server.cookie; } });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
  await deleteUserDatabase(userId);
});

describe('the service worker flush', () => {
  it('round-trips the user id through the Background Sync tag', () => {
    expect(userIdFromOutboxSyncTag(outboxSyncTag('42'))).toBe('42');
    expect(userIdFromOutboxSyncTag('something-else')).toBeUndefined();
  });

  it("sends the user's queue on its own connection and marks the resources stale for the page", async () => {
    await ensureFresh(valueResources.a);
    await put(5);
    await expect(flushUserOutbox(userId, server.fetch)).resolves.toMatchObject({ status: 'done', sentCount: 1 });
    expect(server.value('a')).toBe(5);
    expect(await activeUserDatabase()?.resources.get('value-a')).toMatchObject({ value: 5, isPending: false, isStale: true });
  });

  it('leaves a refusal for the page to report, and the page reloads the resource', async () => {
    await ensureFresh(valueResources.a);
    await put(-1);
    await flushUserOutbox(userId, server.fetch);
    const refusals: WriteRefusal[] = [];
    const stop = onWriteRefused((refusal) => refusals.push(refusal));
    const sync = createOutboxSync({ userId, fetch: server.fetch, setTimer: () => () => undefined });
    await sync.flush();
    sync.stop();
    stop();
    expect(refusals).toEqual([expect.objectContaining({ resourceKey: 'value-a', status: 400 })]);
    // The refused change is gone at once (the shown value is the server's base again); the reload
    // only confirms it.
    expect(await activeUserDatabase()?.resources.get('value-a')).toMatchObject({ value: null, isPending: false, isStale: true });
    await expect(ensureFresh(valueResources.a)).resolves.toBe('not-modified');
    expect(await activeUserDatabase()?.resources.get('value-a')).toMatchObject({ value: null, isPending: false });
  });

  it('rejects while writes remain, so the browser retries the sync later', async () => {
    await put(5);
    server.mode = 'down';
    await expect(flushUserOutbox(userId, server.fetch)).rejects.toThrow('offline');
  });

  it('does nothing for a user whose database is gone (signed out)', async () => {
    await expect(flushUserOutbox('nobody-here', server.fetch)).resolves.toBeUndefined();
  });
});
