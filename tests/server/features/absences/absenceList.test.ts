import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { listAbsencesRoute, type AbsenceRequest } from '../../../../src/shared/contract/absences.js';
import { nextLinkOf, pagingHeaders, totalCountOf } from '../../../../src/shared/contract/paging.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { userId } from '../attendance/support.js';
import { categoryId, type ErrorBody } from './support.js';

const t = useTestApp();
let student: Caller;
let other: Caller;
let studentUser: number;
let otherUser: number;
let illness: number;

/** Requests straight into the table: fixed instants (never today's), some sharing a start. */
async function insertRequests(user: number, count: number, firstDay = Date.UTC(2023, 0, 1)): Promise<number[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    // Every third request shares its start with the one before it: the rowId decides between them.
    const start = new Date(firstDay + Math.floor(i - Math.floor(i / 3)) * 3_600_000);
    return { student_user_id: user, category_id: illness, absence_start: start, absence_end: new Date(start.getTime() + 3_600_000), status: 'Pending' as const };
  });
  const inserted = await t.db.insertInto('absence_requests').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}

const getPage = (caller: Caller, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) =>
  t.call(listAbsencesRoute, { as: caller, query, headers });

/** Calls a next link as the browser would: the URL exactly as the header gives it. */
const follow = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: caller.headers(false) });

const byListOrder = (a: AbsenceRequest, b: AbsenceRequest): number =>
  Date.parse(b.absenceStart) - Date.parse(a.absenceStart) || b.rowId - a.rowId;

/** Every page from the first, following next links; `between` runs after each page. */
async function walk(caller: Caller, limit: number, between: (page: number) => Promise<void> = async () => {}) {
  const pages: AbsenceRequest[][] = [];
  let response: LightMyRequestResponse = await getPage(caller, { limit });
  for (;;) {
    expect(response.statusCode).toBe(200);
    pages.push(response.json<AbsenceRequest[]>());
    const next = nextLinkOf(response.headers.link as string | undefined);
    if (!next) return { pages, total: totalCountOf(response.headers['x-total-count'] as string) };
    await between(pages.length);
    response = await follow(caller, next);
  }
}

beforeAll(async () => {
  student = await t.signIn('student');
  other = await t.signIn('student2');
  studentUser = await userId(t.db, 'student');
  otherUser = await userId(t.db, 'student2');
  illness = await categoryId(t, 'Illness');
  await insertRequests(studentUser, 250);
  await insertRequests(otherUser, 40, Date.UTC(2023, 0, 1, 0, 30));
});

describe('GET /api/attendance/absences/requests, paged (issue 29)', () => {
  it('answers the first `limit` requests, newest start first then rowId, with the total and a next link', async () => {
    const all = (await walk(student, 100)).pages.flat();
    const response = await getPage(student, { limit: 25 });
    expect(response.statusCode).toBe(200);
    const page = response.json<AbsenceRequest[]>();
    expect(page).toHaveLength(25);
    expect(page).toEqual([...all].sort(byListOrder).slice(0, 25));
    expect(response.headers[pagingHeaders.totalCount.toLowerCase()]).toBe(String(all.length));
    expect(all.length).toBe(257); // the seeded seven and the 250 above
    expect(nextLinkOf(response.headers.link as string)).toMatch(/^\/api\/attendance\/absences\/requests\?limit=25&cursor=/);
  });

  it('gives at most 100 when no limit is asked, and the last page has no next link', async () => {
    const first = await getPage(student);
    expect(first.json<AbsenceRequest[]>()).toHaveLength(100);
    const { pages } = await walk(student, 100);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 57]);
  });

  it('walks every request exactly once, in order, even when requests are created between pages', async () => {
    const before = (await walk(student, 100)).pages.flat();
    const created: number[] = [];
    const { pages, total } = await walk(student, 30, async (page) => {
      if (page !== 2) return;
      // One newer than all (behind the cursor) and one older than all (ahead of it): an offset
      // would repeat a request or skip one here, a keyset does neither.
      created.push(...(await insertRequests(studentUser, 1, Date.UTC(2030, 0, 1))), ...(await insertRequests(studentUser, 1, Date.UTC(2001, 0, 1))));
    });
    const walked = pages.flat();
    const ids = walked.map((request) => request.rowId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(walked).toEqual([...walked].sort(byListOrder));
    expect(ids.filter((id) => !created.includes(id)).sort()).toEqual(before.map((request) => request.rowId).sort());
    // The older one lies ahead of the cursor, so this walk meets it; the newer one is behind it.
    expect(ids).toContain(created[1]);
    expect(ids).not.toContain(created[0]);
    expect(total).toBe(before.length + 2);
    await t.db.deleteFrom('absence_requests').where('id', 'in', created).execute();
  });

  it('keeps a cursor to the microsecond', async () => {
    const [early, late] = await insertRequests(studentUser, 2, Date.UTC(2040, 0, 1));
    await t.db.updateTable('absence_requests').set({ absence_start: '2040-01-01T00:00:00.000001Z' }).where('id', '=', late ?? 0).execute();
    await t.db.updateTable('absence_requests').set({ absence_start: '2040-01-01T00:00:00.000002Z' }).where('id', '=', early ?? 0).execute();
    const first = await getPage(student, { limit: 1 });
    expect(first.json<AbsenceRequest[]>().map((r) => r.rowId)).toEqual([early]);
    const second = await follow(student, nextLinkOf(first.headers.link as string) ?? '');
    expect(second.json<AbsenceRequest[]>().map((r) => r.rowId)).toEqual([late]);
    await t.db.deleteFrom('absence_requests').where('id', 'in', [early ?? 0, late ?? 0]).execute();
  });

  it('never shows another student\'s requests on any page', async () => {
    const mine = (await walk(student, 100)).pages.flat();
    const { pages, total } = await walk(other, 7);
    const theirs = pages.flat();
    expect(total).toBe(theirs.length);
    expect(theirs.length).toBe(41);
    expect(theirs.some((request) => mine.some((own) => own.rowId === request.rowId))).toBe(false);
    expect(new Set(theirs.map((request) => request.studentId))).toEqual(new Set(['S2400002']));
    // A cursor taken from this student's list, sent by the other: still only their own requests.
    const cursor = new URL(nextLinkOf((await getPage(student, { limit: 3 })).headers.link as string) ?? '', 'http://x').searchParams.get('cursor') ?? '';
    const crossed = await getPage(other, { cursor });
    expect(crossed.json<AbsenceRequest[]>().every((request) => theirs.some((own) => own.rowId === request.rowId))).toBe(true);
  });

  it.each([
    ['limit', '0'], ['limit', '101'], ['limit', 'ten'], ['limit', '-5'], ['limit', '1.5'], ['limit', '010'],
    ['cursor', 'abc'], ['cursor', '2024-02-30T00:00:00.000000Z_5'], ['cursor', '2024-01-01T00:00:00.000000Z_0'],
    ['cursor', '2024-01-01T00:00:00Z_5'], ['cursor', '2024-01-01T00:00:00.000000Z_99999999999'],
  ])('refuses %s=%s with 400 in the SPEC §8 shape', async (name, value) => {
    const response = await getPage(student, { [name]: value });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors)).toEqual([expect.stringMatching(new RegExp(`^${name}`))]);
  });

  it('answers 304 to the first page while nothing changed, and 200 once a request on a later page did', async () => {
    const first = await getPage(student, { limit: 10 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    expect((await getPage(student, { limit: 10 }, { 'if-none-match': etag })).statusCode).toBe(304);
    const oldest = (await walk(student, 100)).pages.flat().at(-1);
    await t.db.updateTable('absence_requests').set({ status: 'Approved' }).where('id', '=', oldest?.rowId ?? 0).execute();
    const changed = await getPage(student, { limit: 10 }, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // A file added to a request counts as a change too.
    const again = changed.headers.etag as string;
    await t.db.insertInto('absence_files').values({ request_id: oldest?.rowId ?? 0, file_name: 'note.pdf', content_type: 'application/pdf', size_bytes: 1, storage_key: 'paging-test' }).execute();
    expect((await getPage(student, { limit: 10 }, { 'if-none-match': again })).statusCode).toBe(200);
  });
});
