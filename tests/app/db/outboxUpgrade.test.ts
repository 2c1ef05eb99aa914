import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { userDatabaseName } from '../../../src/app/db/names';
import { UserDatabase } from '../../../src/app/db/schema';
import { createOutboxFlusher } from '../../../src/app/sync/outboxFlusher';
import { jsonResponse, userInfoResponse } from '../sync/support/fixtures';

/**
 * An outbox written by the release before named mutations (Dexie versions 1 and 2, raw requests
 * with the token of their time) is opened by this release: every entry is migrated, and flushing
 * sends exactly the requests that were queued, in order, with the token valid now.
 */
const userId = `upgrade-${process.pid}`;
const name = userDatabaseName(userId);

const moodle = { rowId: 1, displayName: 'Moodle', url: 'https://moodle.example.ac.uk/' };
const library = { rowId: 7, displayName: 'Library', url: 'https://library.example.ac.uk/' };

interface Sent {
  readonly method: string;
  readonly url: string;
  readonly body: string | null;
  readonly token: string | null;
}

async function writeOldDatabase(): Promise<void> {
  const old = new Dexie(name);
  old.version(1).stores({ resources: 'key', outbox: '++seq, resourceKey', refusals: '++id' });
  old.version(2).stores({ drafts: 'key' });
  await old.table('resources').bulkPut([
    { key: 'favouriteResources', value: [moodle, library], etag: null, fetchedAt: 1, isPending: true, isStale: false, version: 2 },
    { key: 'profile', value: { a: 1 }, etag: 'W/"p"', fetchedAt: 1, isPending: false, isStale: false, version: 0 },
  ]);
  const queuedBefore = { xsrfToken: 'token-from-last-week', attempts: 1 };
  await old.table('outbox').bulkAdd([
    { id: 'w1', resourceKey: 'favouriteResources', method: 'POST', url: '/api/user/favourites/resources', body: '{"linkRowId":7}', enqueuedAt: 10, ...queuedBefore },
    { id: 'w2', resourceKey: 'favouriteResources', method: 'DELETE', url: '/api/user/favourites/resources/5', body: null, enqueuedAt: 11, ...queuedBefore },
    { id: 'w3', resourceKey: 'notifications', method: 'POST', url: '/api/user/notifications/markAsRead', body: '[3,4]', enqueuedAt: 12, ...queuedBefore },
    {
      id: 'w4',
      resourceKey: 'userApiPreferences',
      method: 'PUT',
      url: '/api/user/preferences/userapi',
      body: '{"theme":"Dark","border":"Square","font":""}',
      enqueuedAt: 13,
      ...queuedBefore,
    },
    // The favourite it adds is no longer in the cached list: its args cannot be recovered.
    { id: 'w5', resourceKey: 'favouriteResources', method: 'POST', url: '/api/user/favourites/resources', body: '{"linkRowId":99}', enqueuedAt: 14, ...queuedBefore },
  ]);
  old.close();
}

afterEach(async () => {
  await Dexie.delete(name);
});

describe('upgrading an outbox of raw requests to named mutations', () => {
  it('migrates every queued write and flushes each exactly once, in order, with the current token', async () => {
    await writeOldDatabase();
    const db = new UserDatabase(name);
    try {
      const entries = await db.outbox.orderBy('seq').toArray();
      expect(entries.map(({ id, name: mutation, args, params }) => ({ id, mutation, args, params }))).toEqual([
        { id: 'w1', mutation: 'favourites.addResource', args: { favourite: library }, params: {} },
        { id: 'w2', mutation: 'favourites.removeResource', args: { rowId: 5 }, params: { rowId: 5 } },
        { id: 'w3', mutation: 'notifications.markAsRead', args: { rowIds: [3, 4] }, params: {} },
        { id: 'w4', mutation: 'preferences.saveUserApi', args: { theme: 'Dark', border: 'Square', font: '' }, params: {} },
        {
          id: 'w5',
          mutation: 'legacy.request',
          args: { method: 'POST', url: '/api/user/favourites/resources', body: '{"linkRowId":99}' },
          params: {},
        },
      ]);
      expect(entries.every((entry) => entry.userId === userId && entry.schemaVersion === 2 && entry.attempts === 1)).toBe(true);
      expect(entries.map((entry) => entry.createdAt)).toEqual([10, 11, 12, 13, 14]);
      expect(entries.some((entry) => 'xsrfToken' in entry)).toBe(false);
      // The cache keeps its values as the base; a pending one is refetched before it is trusted.
      expect(await db.resources.get('favouriteResources')).toMatchObject({ base: [moodle, library], value: [moodle, library], isStale: true });
      expect(await db.resources.get('profile')).toMatchObject({ base: { a: 1 }, value: { a: 1 }, etag: 'W/"p"', isStale: false });

      const sent: Sent[] = [];
      const fetchFn: typeof fetch = async (input, init) => {
        const url = String(input);
        if (url === '/api/user/info') return userInfoResponse(userId);
        if (url === '/api/antiforgerytoken') return jsonResponse({ token: 'token-now' });
        const headers = new Headers(init?.headers);
        sent.push({ method: init?.method ?? 'GET', url, body: (init?.body as string | null | undefined) ?? null, token: headers.get('X-XSRF-TOKEN') });
        return new Response(null, { status: 204 });
      };
      await expect(createOutboxFlusher({ db, userId, fetch: fetchFn }).flush()).resolves.toMatchObject({ status: 'done', sentCount: 5 });
      expect(sent).toEqual([
        { method: 'POST', url: '/api/user/favourites/resources', body: '{"linkRowId":7}', token: 'token-now' },
        { method: 'DELETE', url: '/api/user/favourites/resources/5', body: null, token: 'token-now' },
        { method: 'POST', url: '/api/user/notifications/markAsRead', body: '[3,4]', token: 'token-now' },
        { method: 'PUT', url: '/api/user/preferences/userapi', body: '{"theme":"Dark","border":"Square","font":""}', token: 'token-now' },
        { method: 'POST', url: '/api/user/favourites/resources', body: '{"linkRowId":99}', token: 'token-now' },
      ]);
      expect(await db.outbox.count()).toBe(0);
    } finally {
      db.close();
    }
  });
});
