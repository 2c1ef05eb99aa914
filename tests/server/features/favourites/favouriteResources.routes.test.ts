import { describe, expect, it } from 'vitest';
import { addFavouriteResourceRoute, listFavouriteResourcesRoute, removeFavouriteResourceRoute } from '../../../../src/shared/contract/favourites.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

async function linkId(displayName: string): Promise<number> {
  return (await t.db.selectFrom('resource_links').select('id').where('display_name', '=', displayName).executeTakeFirstOrThrow()).id;
}
async function rowsOf(userName: string, displayName: string): Promise<number> {
  const row = await t.db
    .selectFrom('favourite_resources as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .where('u.user_name', '=', userName)
    .where('f.link_id', '=', await linkId(displayName))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}
const list = async (caller: Caller) => (await t.call(listFavouriteResourcesRoute, { as: caller })).json<{ displayName: string }[]>();
const names = async (caller: Caller) => (await list(caller)).map((f) => f.displayName);
const add = (caller: Caller, linkRowId: unknown) => t.call(addFavouriteResourceRoute, { as: caller, body: { linkRowId } });
const remove = (caller: Caller, rowId: number) => t.call(removeFavouriteResourceRoute, { params: { rowId }, as: caller });

describe('favourite resources', () => {
  it('lists the caller\u2019s favourites as {rowId (the link\u2019s), displayName, url}, newest first', async () => {
    const student = await t.signIn('student');
    expect(await list(student)).toEqual([
      { rowId: await linkId('Moodle'), displayName: 'Moodle', url: 'https://moodle.campus.example.ac.uk' },
      { rowId: await linkId('Library search'), displayName: 'Library search', url: 'https://campus.example.ac.uk/library/search' },
      { rowId: await linkId('Connect to eduroam'), displayName: 'Connect to eduroam', url: 'https://campus.example.ac.uk/it/eduroam' },
    ]);
  });

  it('adds idempotently: a second add returns the same favourite and keeps one row', async () => {
    const student = await t.signIn('student');
    const id = await linkId('Campus map');
    const first = await add(student, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ rowId: id, displayName: 'Campus map', url: 'https://campus.example.ac.uk/map' });
    const second = await add(student, id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await rowsOf('student', 'Campus map')).toBe(1);
    expect((await names(student))[0]).toBe('Campus map');
  });

  it('keeps exactly one row when ten identical adds arrive at once (an offline replay racing a retry)', async () => {
    const student = await t.signIn('student');
    const id = await linkId('Sports centre');
    const responses = await Promise.all(Array.from({ length: 10 }, () => add(student, id)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await rowsOf('student', 'Sports centre')).toBe(1);
  });

  it('answers 404 in the error shape for a link the caller may not see, or that does not exist; 400 for a bad body', async () => {
    const student = await t.signIn('student');
    for (const id of [await linkId('Staff intranet'), 999_999]) {
      const response = await add(student, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'The resource link was not found.', errors: {}, code: 'notFound' });
    }
    expect(await rowsOf('student', 'Staff intranet')).toBe(0);
    const bad = await add(student, 'Moodle');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('linkRowId');
  });

  it('removes by the link\u2019s rowId; removing a favourite the caller does not have succeeds (204)', async () => {
    const student = await t.signIn('student');
    const id = await linkId('Library search');
    expect((await remove(student, id)).statusCode).toBe(204);
    expect(await names(student)).not.toContain('Library search');
    expect((await remove(student, id)).statusCode).toBe(204);
    expect((await remove(student, 999_999)).statusCode).toBe(204);
  });

  it('is per user: student2 never sees student\u2019s favourites and cannot delete them', async () => {
    const student = await t.signIn('student');
    const student2 = await t.signIn('student2');
    expect(await names(student2)).toEqual(['Careers service']);
    const moodle = await linkId('Moodle');
    expect((await remove(student2, moodle)).statusCode).toBe(204);
    expect(await rowsOf('student', 'Moodle')).toBe(1);
    expect(await names(student)).toContain('Moodle');
    expect(await names(student2)).toEqual(['Careers service']);
  });

  it('hides a favourite whose link a new targeting rule takes away from the caller', async () => {
    const student2 = await t.signIn('student2');
    const rule = await t.db.selectFrom('audience_rules').select('id').where('name', '=', 'Teaching staff').executeTakeFirstOrThrow();
    const careers = await linkId('Careers service');
    await t.db.insertInto('resource_link_rules').values({ link_id: careers, rule_id: rule.id }).execute();
    expect(await names(student2)).toEqual([]);
    await t.db.deleteFrom('resource_link_rules').where('link_id', '=', careers).execute();
    expect(await names(student2)).toEqual(['Careers service']);
  });
});
