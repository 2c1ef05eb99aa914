import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../helpers/testApp.js';

const URL = '/api/user/favourites/trending';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function item(slug: string): Promise<{ id: number; title: string; url: string }> {
  return t.db.selectFrom('trending_items').select(['id', 'title', 'url']).where('external_id', '=', `local-${slug}`).executeTakeFirstOrThrow();
}
async function rowsOf(userName: string, itemId: number): Promise<number> {
  const row = await t.db
    .selectFrom('favourite_trending as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .where('u.user_name', '=', userName)
    .where('f.trending_item_id', '=', itemId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}
const list = async (caller: Caller) => (await t.app.inject({ method: 'GET', url: URL, headers: caller.headers() })).json<{ title: string }[]>();
const add = (caller: Caller, wpPostRowId: unknown) => t.app.inject({ method: 'POST', url: URL, headers: caller.headers(), payload: { wpPostRowId } });
const remove = (caller: Caller, rowId: number) => t.app.inject({ method: 'DELETE', url: `${URL}/${rowId}`, headers: caller.headers() });

describe('favourite trending items', () => {
  it('lists the student\u2019s favourites as {wpPostRowId, title, url}, newest first', async () => {
    const student = await signIn(t.app, 'student');
    const [hackathon, careers] = [await item('hackathon'), await item('careers-fair')];
    expect(await list(student)).toEqual([
      { wpPostRowId: careers.id, title: careers.title, url: careers.url },
      { wpPostRowId: hackathon.id, title: hackathon.title, url: hackathon.url },
    ]);
  });

  it('adds idempotently, also under ten concurrent identical adds', async () => {
    const student = await signIn(t.app, 'student');
    const wellbeing = await item('wellbeing-week');
    const responses = await Promise.all(Array.from({ length: 10 }, () => add(student, wellbeing.id)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses[0]?.json()).toEqual({ wpPostRowId: wellbeing.id, title: wellbeing.title, url: wellbeing.url });
    expect(await rowsOf('student', wellbeing.id)).toBe(1);
    expect((await add(student, wellbeing.id)).statusCode).toBe(200);
    expect(await rowsOf('student', wellbeing.id)).toBe(1);
  });

  it('answers 404 for an item that does not exist', async () => {
    const response = await add(await signIn(t.app, 'student'), 999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The trending item was not found.', errors: {} });
  });

  it('removes by wpPostRowId; a missing favourite is removed successfully too; per user', async () => {
    const student = await signIn(t.app, 'student');
    const student2 = await signIn(t.app, 'student2');
    const hackathon = await item('hackathon');
    expect(await list(student2)).toEqual([expect.objectContaining({ title: 'Library opens 24 hours for exam season' })]);
    expect((await remove(student2, hackathon.id)).statusCode).toBe(204);
    expect(await rowsOf('student', hackathon.id)).toBe(1);
    expect((await remove(student, hackathon.id)).statusCode).toBe(204);
    expect(await rowsOf('student', hackathon.id)).toBe(0);
    expect((await remove(student, hackathon.id)).statusCode).toBe(204);
  });

  it('is for students only', async () => {
    for (const userName of ['staff', 'lecturer']) {
      const caller = await signIn(t.app, userName);
      expect((await t.app.inject({ method: 'GET', url: URL, headers: caller.headers() })).statusCode).toBe(403);
      expect((await add(caller, (await item('hackathon')).id)).statusCode).toBe(403);
    }
  });
});
