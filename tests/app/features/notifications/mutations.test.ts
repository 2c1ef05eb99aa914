import { buildRequest } from '../../../../src/app/sync/mutation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../src/shared/contract/notifications';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../../src/app/db/userDatabase';
import { markAllAsRead, markAsRead } from '../../../../src/app/features/notifications/mutations';
import { notificationsResource } from '../../../../src/app/features/notifications/resources';
import { ensureFresh } from '../../../../src/app/sync/ensureFresh';
import { createOutboxSync, type OutboxSync } from '../../../../src/app/sync/outboxSync';
import { onWriteRefused, refusalNotice } from '../../../../src/app/sync/writeRefusals';
import { jsonResponse, makeUser } from '../../sync/support/fixtures';
import { fakeDocument } from '../preferences/fakeDocument';
import { InboxServer, makeNotification } from './fixtures';

let server: InboxServer;
let sync: OutboxSync;

function db() {
  const database = activeUserDatabase();
  if (!database) throw new Error('no user');
  return database;
}

const cached = async () => (await db().resources.get(notificationsResource.key)) ?? null;
const readState = async () => ((await cached())?.value as Notification[]).map((n) => [n.rowId, n.isRead]);

beforeEach(async () => {
  const user = makeUser();
  setActiveUser(user);
  server = new InboxServer(user.userId, [
    makeNotification({ rowId: 3, minutesAgo: 5 }),
    makeNotification({ rowId: 2, minutesAgo: 60, isRead: true }),
    makeNotification({ rowId: 1, minutesAgo: 600 }),
  ]);
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('document', fakeDocument({ 'XSRF-TOKEN': 'token-1' }));
  sync = createOutboxSync({ userId: user.userId, fetch: server.fetch, setTimer: () => () => undefined });
  await ensureFresh(notificationsResource);
});

afterEach(() => {
  sync.stop();
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
});

describe('mark as read through the offline queue', () => {
  it('shows it read at once, pending, with a queued POST of its rowId', async () => {
    await markAsRead([3]);
    expect(await readState()).toEqual([[3, true], [2, true], [1, false]]);
    expect(await cached()).toMatchObject({ isPending: true });
    expect((await db().outbox.toArray()).map(buildRequest)).toEqual([
      { method: 'POST', url: '/api/user/notifications/markAsRead', body: '[3]' },
    ]);
    expect(server.marks).toEqual([]);
  });

  it('mark all sends every current rowId, read ones included', async () => {
    await markAllAsRead((await cached())?.value as Notification[]);
    expect((await readState()).every(([, isRead]) => isRead)).toBe(true);
    await sync.flush();
    expect(server.marks).toEqual([[3, 2, 1]]);
  });

  it('waits while the server is down, then delivers once and reloads the list', async () => {
    server.isDown = true;
    await markAsRead([1]);
    expect((await sync.flush()).status).toBe('offline');
    expect(await db().outbox.count()).toBe(1);
    expect(await readState()).toEqual([[3, false], [2, true], [1, true]]);

    server.isDown = false;
    server.notifications = [makeNotification({ rowId: 4, minutesAgo: 1, title: 'Room change' }), ...server.notifications];
    expect((await sync.flush()).status).toBe('done');
    expect(server.marks).toEqual([[1]]);
    expect(await db().outbox.count()).toBe(0);
    // Delivered: the list is the server's again, with the new notification and without the pending mark.
    expect(await cached()).toMatchObject({ isPending: false, isStale: false });
    expect(await readState()).toEqual([[4, false], [3, false], [2, true], [1, true]]);
  });

  it('a refusal is told in the SPEC §8 words and the list goes back to the server\'s', async () => {
    const notices: string[] = [];
    const stop = onWriteRefused((refusal) => notices.push(refusalNotice(refusal)));
    try {
      server.refusal = jsonResponse({ message: 'Those notifications could not be found', errors: {} }, { status: 422 });
      await markAsRead([3]);
      await sync.flush();
      server.refusal = new Response('', { status: 400, statusText: 'Bad Request' });
      await markAsRead([1]);
      await sync.flush();
    } finally {
      stop();
    }
    expect(notices).toEqual([
      'An error occurred whilst trying to mark a notification as read. Those notifications could not be found.',
      'Code 400: Bad Request',
    ]);
    expect(await readState()).toEqual([[3, false], [2, true], [1, false]]);
  });
});
