import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../src/app/api/client';
import { countOpen } from '../../../src/app/features/resources/countOpen';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import '../../../src/app/sync/invalidation'; // installed by the signed-in start-up in the app
import { createOutboxSync } from '../../../src/app/sync/outboxSync';
import { defineRoute } from '../../../src/shared/contract/route';
import { jsonResponse, putValueRoute, userInfoResponse, valueResources } from './support/fixtures';
import { turns } from './support/modelServer';
import { useSignedInUser } from './support/signedInUser';

/**
 * The fixtures' PUT as a write that needs a connection (sent by callApi, not queued), declaring that
 * it changes the cached register `a` (and one nobody loaded).
 */
const { offline: _queued, ...sentDirectly } = putValueRoute;
const putInvalidatingRoute = defineRoute({ ...sentDirectly, id: 'test.value.put.invalidating', invalidates: ['value-a', 'not-loaded-here'] });

const signedIn = useSignedInUser();
const db = () => signedIn.db();

describe('a write that declares what it invalidates', () => {
  it('has reloaded those resources by the time it resolves, with no refresh by hand', async () => {
    await ensureFresh(valueResources.a);
    await db().resources.put({ key: 'not-loaded-here', value: 1, base: 1, etag: null, fetchedAt: 1, isPending: false, isStale: false, version: 0, acks: 0 });
    await callApi(putInvalidatingRoute, { params: { name: 'a' }, body: { value: 3 } });
    expect(await db().resources.get('value-a')).toMatchObject({ value: 3, isStale: false });
    expect(await db().resources.get('not-loaded-here')).toMatchObject({ isStale: true }); // fetched when next read
  });
});

describe('counting a link open', () => {
  it('is queued, so an open made offline reaches the server once it is back', async () => {
    const opens: { url: string; token: string | null }[] = [];
    let isOnline = false;
    const fetchFn: typeof fetch = async (input, init) => {
      if (!isOnline) throw new TypeError('Failed to fetch');
      const url = String(input);
      if (url === '/api/user/info') return userInfoResponse(signedIn.userId);
      if (url === '/api/antiforgerytoken') return jsonResponse({ token: 'token-1' });
      opens.push({ url, token: new Headers(init?.headers).get('X-XSRF-TOKEN') });
      return new Response(null, { status: 204 });
    };
    vi.stubGlobal('fetch', fetchFn);
    countOpen(7);
    await vi.waitFor(async () => expect(await db().outbox.count()).toBe(1));
    expect(await db().resources.count()).toBe(0); // no cached resource changes

    isOnline = true;
    const sync = createOutboxSync({ userId: signedIn.userId, fetch: fetchFn, setTimer: () => () => undefined });
    try {
      await expect(sync.flush()).resolves.toMatchObject({ status: 'done', sentCount: 1 });
    } finally {
      sync.stop();
    }
    await turns(2);
    expect(opens).toEqual([{ url: '/api/content/resources/7/open', token: 'token-1' }]);
    expect(await db().outbox.count()).toBe(0);
  });
});
