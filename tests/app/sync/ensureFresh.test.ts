import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../src/app/db/userDatabase';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { getFetchStatus } from '../../../src/app/sync/fetchStatus';
import { makeUser, putValueMutation, studentsOnlyResource, valueResources } from './support/fixtures';
import { ModelServer } from './support/modelServer';

const minute = 60_000;
let server: ModelServer;
let now: number;

function row(key: string) {
  const db = activeUserDatabase();
  if (!db) throw new Error('no user');
  return db.resources.get(key);
}

beforeEach(() => {
  const user = makeUser();
  setActiveUser(user);
  server = new ModelServer(user.userId);
  server.values.set('a', 12);
  vi.stubGlobal('fetch', server.fetch);
  now = Date.UTC(2030, 0, 1, 9, 12);
  vi.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
});

const gets = () => server.requests.filter((request) => request.method === 'GET');

describe('ensureFresh', () => {
  it('fetches a missing resource and stores value, ETag and time together', async () => {
    await expect(ensureFresh(valueResources.a)).resolves.toBe('fetched');
    expect(await row('value-a')).toEqual({
      key: 'value-a', value: 12, base: 12, etag: server.etag('a'), fetchedAt: now, isPending: false, isStale: false, version: 0, acks: 0,
    });
  });

  it('does not call the server again within the time-to-live (the route cacheMinutes)', async () => {
    await ensureFresh(valueResources.a);
    now += 29 * minute;
    await expect(ensureFresh(valueResources.a)).resolves.toBe('fresh');
    expect(gets()).toHaveLength(1);
    now += 2 * minute;
    await expect(ensureFresh(valueResources.a)).resolves.toBe('not-modified');
    expect(gets()).toHaveLength(2);
  });

  it('revalidates with If-None-Match when forced; a 304 keeps the value and renews the time', async () => {
    await ensureFresh(valueResources.a);
    now += minute;
    await expect(ensureFresh(valueResources.a, { force: true })).resolves.toBe('not-modified');
    expect(gets()[1]?.headers.get('If-None-Match')).toBe(server.etag('a'));
    expect(await row('value-a')).toMatchObject({ value: 12, fetchedAt: now });
  });

  it('stores a changed value when the ETag no longer matches', async () => {
    await ensureFresh(valueResources.a);
    server.values.set('a', 123);
    await expect(ensureFresh('value-a', { force: true })).resolves.toBe('fetched');
    expect(await row('value-a')).toMatchObject({ value: 123, etag: server.etag('a') });
  });

  it('shares one request between concurrent calls for the same resource', async () => {
    const outcomes = await Promise.all([ensureFresh(valueResources.a), ensureFresh(valueResources.a), ensureFresh('value-a', { force: true })]);
    expect(outcomes).toEqual(['fetched', 'fetched', 'fetched']);
    expect(gets()).toHaveLength(1);
  });

  it('a forced call joining a check that is still reading the cache makes that check ask the server', async () => {
    await ensureFresh(valueResources.a);
    now += minute; // within the 30-minute time-to-live: an unforced check alone would not call
    const outcomes = await Promise.all([ensureFresh(valueResources.a), ensureFresh(valueResources.a, { force: true })]);
    expect(outcomes).toEqual(['not-modified', 'not-modified']);
    expect(gets()).toHaveLength(2);
    expect(await row('value-a')).toMatchObject({ fetchedAt: now });
  });

  it('a forced call never takes the answer to a request that left before it: it asks again once that one is back', async () => {
    await ensureFresh(valueResources.a);
    const held: (() => void)[] = [];
    const answer = server.fetch;
    // Each answer is computed by the server, then held on its way back until released.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await answer(input, init);
      await new Promise<void>((release) => held.push(release));
      return response;
    });
    const first = ensureFresh(valueResources.a, { force: true });
    await vi.waitFor(() => expect(held).toHaveLength(1)); // answered 304 for 12, still travelling
    server.values.set('a', 99); // e.g. a write the server has just acknowledged
    const second = ensureFresh(valueResources.a, { force: true });
    const third = ensureFresh(valueResources.a, { force: true });
    held.shift()?.();
    await expect(first).resolves.toBe('not-modified');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.();
    await expect(second).resolves.toBe('fetched');
    await expect(third).resolves.toBe('fetched');
    expect(gets()).toHaveLength(3); // the second and third share the follow-up
    expect(await row('value-a')).toMatchObject({ value: 99, etag: server.etag('a') });
  });

  it("never stores an answer made for another user (the page's cookies changed under it) in this user's database", async () => {
    const answer = server.fetch;
    const answerFor = (userId: string) => async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await answer(input, init);
      const headers = new Headers(response.headers);
      headers.set('X-Session-User', userId);
      return new Response(response.status === 304 ? null : await response.text(), { status: response.status, headers });
    };
    vi.stubGlobal('fetch', answerFor('someone-else'));
    expect(getFetchStatus('value-a').hasSettled ?? false).toBe(false);
    await expect(ensureFresh(valueResources.a)).resolves.toBe('other-user');
    expect(await row('value-a')).toBeUndefined();
    // Nothing stored and no error, yet the check is over: a layout hold waiting on it gives way.
    expect(getFetchStatus('value-a')).toMatchObject({ isFetching: false, error: undefined, hasSettled: true });
    vi.stubGlobal('fetch', answerFor(activeUserDatabase()?.name.split(':')[1] ?? ''));
    await expect(ensureFresh(valueResources.a)).resolves.toBe('fetched');
    expect(await row('value-a')).toMatchObject({ value: 12 });
  });

  it('refetches a resource marked stale, whatever its time-to-live', async () => {
    await ensureFresh(valueResources.a);
    await activeUserDatabase()?.resources.update('value-a', { isStale: true });
    server.values.set('a', 7);
    await expect(ensureFresh(valueResources.a)).resolves.toBe('fetched');
    expect(await row('value-a')).toMatchObject({ value: 7, isStale: false });
  });

  it('skips a resource the user may not load', async () => {
    setActiveUser(makeUser({ isStudentSignedIn: false, userRoles: ['TeachingStaff'] }));
    await expect(ensureFresh(studentsOnlyResource)).resolves.toBe('not-allowed');
    expect(gets()).toHaveLength(0);
  });

  it('rejects with a network ApiError offline, keeps the cached copy and records the error', async () => {
    await ensureFresh(valueResources.a);
    server.mode = 'down';
    await expect(ensureFresh(valueResources.a, { force: true })).rejects.toMatchObject({ reason: 'network' });
    expect(await row('value-a')).toMatchObject({ value: 12 });
    expect(getFetchStatus('value-a')).toMatchObject({ isFetching: false, error: expect.objectContaining({ reason: 'network' }) });
  });

  it('rejects with an http ApiError on a server error', async () => {
    server.mode = 'error5xx';
    await expect(ensureFresh(valueResources.b)).rejects.toMatchObject({ reason: 'http', status: 503 });
    expect(await row('value-b')).toBeUndefined();
  });

  it('rebases a queued write on a fresh server value: the server value is the base, the write shown on top', async () => {
    await ensureFresh(valueResources.a);
    await enqueueMutation(putValueMutation, { name: 'a', value: 9 });
    server.values.set('a', 123);
    await expect(ensureFresh(valueResources.a, { force: true })).resolves.toBe('rebased');
    expect(await row('value-a')).toMatchObject({ base: 123, value: 9, isPending: true, etag: server.etag('a') });
  });

  it("keeps each user's data apart: user A's copy is invisible once user B is active", async () => {
    await ensureFresh(valueResources.a);
    const userB = makeUser();
    setActiveUser(userB);
    server.signedInUserId = userB.userId;
    expect(await row('value-a')).toBeUndefined();
    server.values.set('a', 42);
    await ensureFresh(valueResources.a);
    expect(await row('value-a')).toMatchObject({ value: 42 });
    expect(activeUserDatabase()?.name).toBe(`campus-companion:${userB.userId}`);
  });

  it('does nothing when nobody is signed in', async () => {
    setActiveUser(null);
    await expect(ensureFresh(valueResources.a)).resolves.toBe('signed-out');
  });
});
