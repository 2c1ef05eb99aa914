import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbsenceRequest } from '../../../src/shared/contract/absences';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../src/app/db/userDatabase';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { absenceRequestsResource, compareRequests, heldAbsenceRequest } from '../../../src/app/features/absences/resources';
import { makeUser } from './support/fixtures';

/** Newest first, as the server orders them: request n starts n days before 1 June 2030. */
const request = (rowId: number, status: AbsenceRequest['absenceStatus'] = 'Pending'): AbsenceRequest => {
  const day = new Date(Date.UTC(2030, 5, 1) - rowId * 86_400_000).toISOString().slice(0, 10);
  return {
    rowId, studentId: 'S1', absenceCategoryRowId: 1, absenceStart: `${day}T09:00:00+01:00`, absenceEnd: `${day}T17:00:00+01:00`,
    absenceDescription: null, absenceStatus: status, messageToStudent: null, supportingFiles: [], lastModified: '2030-01-01T00:00:00Z',
  };
};

/**
 * The list route as the server answers it: pages of `limit` after a cursor (here the last rowId),
 * a Link to the next page, and an ETag that is a version of the whole list.
 */
class PagedServer {
  requests: AbsenceRequest[] = [];
  version = 1;
  /** Paths asked, in order. */
  readonly asked: string[] = [];
  /** Ask number (1-based) that fails as if the connection dropped. */
  failingAsk: number | undefined;

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    this.asked.push(url.pathname + url.search);
    if (this.asked.length === this.failingAsk) throw new TypeError('fetch failed');
    const limit = Number(url.searchParams.get('limit') ?? '3');
    const cursor = url.searchParams.get('cursor');
    const position = cursor === null ? '' : cursor;
    const etag = `W/"v${this.version}-${limit}-${position}"`;
    if (new Headers(init?.headers).get('If-None-Match') === etag) return new Response(null, { status: 304 });
    const sorted = [...this.requests].sort(compareRequests);
    const start = cursor === null ? 0 : sorted.findIndex((r) => r.rowId === Number(cursor)) + 1;
    const page = sorted.slice(start, start + limit);
    const headers = new Headers({ 'Content-Type': 'application/json', ETag: etag, 'X-Total-Count': String(sorted.length) });
    const last = page.at(-1);
    if (last && start + limit < sorted.length) headers.set('Link', `</api/attendance/absences/requests?limit=${limit}&cursor=${last.rowId}>; rel="next"`);
    return new Response(JSON.stringify(page), { status: 200, headers });
  };
}

let server: PagedServer;
let now: number;

const held = async () => (await activeUserDatabase()?.resources.get(absenceRequestsResource.key));
const heldIds = async () => ((await held())?.value as AbsenceRequest[] | undefined)?.map((r) => r.rowId);

beforeEach(() => {
  setActiveUser(makeUser());
  server = new PagedServer();
  server.requests = Array.from({ length: 8 }, (_, i) => request(i + 1));
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

describe('a paged list in the sync engine (issue 29)', () => {
  it('follows the next links and holds every page, in the server\'s order', async () => {
    await expect(ensureFresh(absenceRequestsResource)).resolves.toBe('fetched');
    expect(server.asked).toEqual([
      '/api/attendance/absences/requests',
      '/api/attendance/absences/requests?limit=3&cursor=3',
      '/api/attendance/absences/requests?limit=3&cursor=6',
    ]);
    expect(await heldIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await held())?.nextPage).toBeUndefined();
  });

  it('keeps the pages that came when the connection drops, and goes on from there at the next check', async () => {
    server.failingAsk = 2;
    await expect(ensureFresh(absenceRequestsResource)).rejects.toMatchObject({ isNetworkError: true });
    expect(await heldIds()).toEqual([1, 2, 3]);
    expect(await heldAbsenceRequest(2)).toMatchObject({ rowId: 2 });
    expect((await held())?.nextPage).toBe('/api/attendance/absences/requests?limit=3&cursor=3');
    // Within its lifetime, yet not whole: the check goes on, a 304 to page one first.
    await expect(ensureFresh(absenceRequestsResource)).resolves.toBe('not-modified');
    expect(server.asked.slice(2)).toEqual([
      '/api/attendance/absences/requests',
      '/api/attendance/absences/requests?limit=3&cursor=3',
      '/api/attendance/absences/requests?limit=3&cursor=6',
    ]);
    expect(await heldIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('revalidates only the first page while the list is unchanged', async () => {
    await ensureFresh(absenceRequestsResource);
    const before = server.asked.length;
    await expect(ensureFresh(absenceRequestsResource, { force: true })).resolves.toBe('not-modified');
    expect(server.asked.length - before).toBe(1);
  });

  it('never shrinks the table while a refresh is part-way, and is exactly the server\'s list once whole', async () => {
    await ensureFresh(absenceRequestsResource);
    // A reviewer decided request 7 (on the last page); request 5 was removed; 9 is new and oldest.
    server.requests = [...server.requests.filter((r) => r.rowId !== 5 && r.rowId !== 7), request(7, 'Approved'), request(9)];
    server.version += 1;
    server.failingAsk = server.asked.length + 2;
    await expect(ensureFresh(absenceRequestsResource, { force: true })).rejects.toBeDefined();
    // Page one is the server's; beyond it the copy held before still shows.
    expect(await heldIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await ensureFresh(absenceRequestsResource);
    expect(await heldIds()).toEqual([1, 2, 3, 4, 6, 7, 8, 9]);
    expect(await heldAbsenceRequest(7)).toMatchObject({ absenceStatus: 'Approved' });
  });
});
