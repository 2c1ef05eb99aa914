import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../src/shared/contract/notifications';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../../src/app/db/userDatabase';
import { notificationsResource } from '../../../../src/app/features/notifications/resources';
import { reloadOnWorkerMessage } from '../../../../src/app/features/notifications/useNotificationUpdates';
import { emitNotificationsChanged } from '../../../../src/app/sw/workerEvents';
import { ensureFresh } from '../../../../src/app/sync/ensureFresh';
import { makeUser } from '../../sync/support/fixtures';
import { InboxServer, makeNotification } from './fixtures';

let server: InboxServer;

async function firstNotification(): Promise<[number, boolean] | undefined> {
  const row = await activeUserDatabase()?.resources.get(notificationsResource.key);
  const first = (row?.value as Notification[] | undefined)?.[0];
  return first && [first.rowId, first.isRead];
}

beforeEach(async () => {
  const user = makeUser();
  setActiveUser(user);
  server = new InboxServer(user.userId, [makeNotification({ rowId: 1, minutesAgo: 60 })]);
  vi.stubGlobal('fetch', server.fetch);
  await ensureFresh(notificationsResource);
});

afterEach(() => {
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
});

describe('the service worker\'s update-notifications message', () => {
  it('reloads the list even while the cached copy is fresh, until unsubscribed', async () => {
    const stop = reloadOnWorkerMessage();
    server.notifications = [makeNotification({ rowId: 9, minutesAgo: 0, title: 'Class cancelled' }), ...server.notifications];
    expect(await ensureFresh(notificationsResource)).toBe('fresh');
    emitNotificationsChanged();
    await vi.waitFor(async () => expect(await firstNotification()).toEqual([9, false]));

    stop();
    server.notifications = [makeNotification({ rowId: 10, minutesAgo: 0 }), ...server.notifications];
    emitNotificationsChanged();
    expect(await ensureFresh(notificationsResource)).toBe('fresh');
    expect(await firstNotification()).toEqual([9, false]);
  });
});
