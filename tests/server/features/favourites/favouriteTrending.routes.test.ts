import { describe, expect, it } from 'vitest';
import { addFavouriteTrendingRoute, listFavouriteTrendingRoute, removeFavouriteTrendingRoute } from '../../../../src/shared/contract/favourites.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

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
const list = async (caller: Caller) => (await t.call(listFavouriteTrendingRoute, { as: caller })).json<{ title: string }[]>();
const add = (caller: Caller, wpPostRowId: unknown) => t.call(addFavouriteTrendingRoute, { as: caller, body: { wpPostRowId } });
const remove = (caller: Caller, rowId: number) => t.call(removeFavouriteTrendingRoute, { params: { rowId }, as: caller });

describe('favourite trending items', () => {
  it('lists the student\u2019s favourites as {wpPostRowId, title, url}, newest first', async () => {
    const student = await t.signIn('student');
    const [hackathon, careers] = [await item('hackathon'), await item('careers-fair')];
    expect(await list(student)).toEqual([
      { wpPostRowId: careers.id, title: careers.title, url: careers.url },
      { wpPostRowId: hackathon.id, title: hackathon.title, url: hackathon.url },
    ]);
  });

  it('adds idempotently, also under ten concurrent identical adds', async () => {
    const student = await t.signIn('student');
    const wellbeing = await item('wellbeing-week');
    const responses = await Promise.all(Array.from({ length: 10 }, () => add(student, wellbeing.id)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses[0]?.json()).toEqual({ wpPostRowId: wellbeing.id, title: wellbeing.title, url: wellbeing.url });
    expect(await rowsOf('student', wellbeing.id)).toBe(1);
    expect((await add(student, wellbeing.id)).statusCode).toBe(200);
    expect(await rowsOf('student', wellbeing.id)).toBe(1);
  });

  it('answers 404 for an item that does not exist', async () => {
    const response = await add(await t.signIn('student'), 999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The trending item was not found.', errors: {}, code: 'notFound' });
  });

  it('removes by wpPostRowId; a missing favourite is removed successfully too; per user', async () => {
    const student = await t.signIn('student');
    const student2 = await t.signIn('student2');
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
      const caller = await t.signIn(userName);
      expect((await t.call(listFavouriteTrendingRoute, { as: caller })).statusCode).toBe(403);
      expect((await add(caller, (await item('hackathon')).id)).statusCode).toBe(403);
    }
  });
});
