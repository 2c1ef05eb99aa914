import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dropOutdatedCopy, isValidCachedValue, validCachedValue } from '../../../src/app/sync/cachedValue';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { addItemMutation, setResource } from './support/fixtures';
import { useSignedInUser } from './support/signedInUser';

/** A copy cached by an older release, whose set was `{ items: [...] }` rather than `[...]`. */
const outdatedRow = { key: 'set', value: { items: [1] }, base: { items: [1] }, etag: 'W/"old"', fetchedAt: 1, isPending: false, isStale: false, version: 0, acks: 0 };

const signedIn = useSignedInUser();
const db = () => signedIn.db();

beforeEach(() => {
  signedIn.server.otherDevice('add', 4);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    // The server would confirm the old ETag: only a request without it gets today's value.
    if (new Headers(init?.headers).get('If-None-Match') === 'W/"old"') return new Response(null, { status: 304 });
    return signedIn.server.fetch(input, init);
  });
});

describe('values read back from IndexedDB', () => {
  it("are checked with the route's response schema", () => {
    expect(isValidCachedValue('set', [1, 2])).toBe(true);
    expect(isValidCachedValue('set', { items: [1] })).toBe(false);
    expect(validCachedValue('set', { items: [1] })).toBeUndefined();
    expect(validCachedValue('set', [3])).toEqual([3]);
  });

  it('in an outdated shape are dropped and fetched again, never confirmed by a 304', async () => {
    await db().resources.put(outdatedRow);
    await expect(ensureFresh(setResource, { force: true })).resolves.toBe('fetched');
    expect(await db().resources.get('set')).toMatchObject({ value: [4], base: [4] });

    await db().resources.put(outdatedRow);
    await dropOutdatedCopy(signedIn.userId, 'set');
    expect(await db().resources.get('set')).toBeUndefined();
    await db().resources.put({ ...outdatedRow, value: [1], base: [1] });
    await dropOutdatedCopy(signedIn.userId, 'set'); // a valid copy stays
    expect(await db().resources.get('set')).toMatchObject({ value: [1] });
  });

  it('in an outdated shape are not built upon by a queued mutation: it starts afresh and is refetched', async () => {
    await db().resources.put(outdatedRow);
    await expect(enqueueMutation(addItemMutation, { item: 2 })).resolves.toEqual([2]);
    expect(await db().resources.get('set')).toMatchObject({ value: [2], isPending: true, isStale: true });
    await expect(ensureFresh(setResource)).resolves.toBe('rebased');
    expect(await db().resources.get('set')).toMatchObject({ base: [4], value: [2, 4], isPending: true });
  });
});
