import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelClassRoute } from '../../../../src/shared/contract/admin.js';
import { adminClassListRoute, type AdminClassPage } from '../../../../src/shared/contract/adminClasses.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();
let admin: Caller;

beforeAll(async () => {
  admin = await t.signIn('admin');
});

const list = async (query: Record<string, string | number> = {}, as = admin) => t.call(adminClassListRoute, { as, query });
const page = async (query: Record<string, string | number> = {}) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminClassPage>();
};

/** A London date `days` from today (the app's clock), computed apart from the service. */
const londonDay = (days: number): string => {
  const at = new Date(t.clock.nowMs() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
};

/** The ids of the classes starting on London dates from..to (both included), soonest first, straight from the database. */
async function classIdsBetween(from: string, to: string, moduleCode?: string): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select e.id from timetable_events e join modules m on m.id = e.module_id
    where e.starts_at >= (${from}::date::timestamp at time zone 'Europe/London')
      and e.starts_at < ((${to}::date + 1)::timestamp at time zone 'Europe/London')
      and (${moduleCode ?? null}::text is null or m.code = ${moduleCode ?? null})
    order by e.starts_at, e.id`.execute(t.db);
  return rows.rows.map((row) => row.id);
}

describe('GET /api/admin/timetable/events', () => {
  it('refuses anyone without the Administrator role', async () => {
    for (const name of ['student', 'lecturer', 'staff']) {
      const response = await list({}, await t.signIn(name));
      expect(response.statusCode, name).toBe(403);
    }
  });

  it('lists the classes from today to 14 days on by default, soonest first, with module, room and lecturers', async () => {
    const expected = await classIdsBetween(londonDay(0), londonDay(14));
    expect(expected.length, 'the seed has classes in the next two weeks').toBeGreaterThan(0);
    const result = await page({ pageSize: 200 });
    expect(result.total).toBe(expected.length);
    expect(result.items.map((item) => item.rowId)).toEqual(expected.slice(0, 200));
    const [first] = result.items;
    const row = await t.db
      .selectFrom('timetable_events as e')
      .innerJoin('modules as m', 'm.id', 'e.module_id')
      .leftJoin('rooms as r', 'r.id', 'e.room_id')
      .select(['m.code', 'm.name', 'r.name as room', 'e.staff_names', 'e.duration_minutes', 'e.starts_at'])
      .where('e.id', '=', first!.rowId)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ moduleCode: row.code, moduleTitle: row.name, room: row.room, lecturers: row.staff_names, isCancelled: false });
    expect(Date.parse(first!.start)).toBe(row.starts_at.getTime());
    expect(Date.parse(first!.end) - Date.parse(first!.start)).toBe(row.duration_minutes * 60_000);
  });

  it('filters by date range and by module code or title, in any case', async () => {
    const from = londonDay(1);
    const to = londonDay(7);
    const all = await classIdsBetween(from, to);
    const sample = await page({ from, to, pageSize: 1 });
    expect(sample.total).toBe(all.length);
    const code = sample.items[0]!.moduleCode;
    const title = sample.items[0]!.moduleTitle;
    const ofModule = await classIdsBetween(from, to, code);

    const byCode = await page({ from, to, q: code.toLowerCase(), pageSize: 200 });
    expect(byCode.items.map((item) => item.rowId)).toEqual(ofModule);
    expect(byCode.total).toBe(ofModule.length);

    const byTitle = await page({ from, to, q: title.slice(1, -1).toUpperCase(), pageSize: 200 });
    expect(byTitle.items.every((item) => item.moduleTitle === title || item.moduleTitle.toUpperCase().includes(title.slice(1, -1).toUpperCase()))).toBe(true);
    expect(byTitle.items.map((item) => item.rowId)).toEqual(expect.arrayContaining(ofModule));

    expect((await page({ from, to, q: '%' })).total).toBe(0);
  });

  it('pages through the classes without gaps or repeats', async () => {
    const whole = await page({ pageSize: 6 });
    expect(whole.items.length, 'the seed has at least six classes in the next two weeks').toBe(6);
    const first = await page({ pageSize: 3, page: 1 });
    const second = await page({ pageSize: 3, page: 2 });
    expect([...first.items, ...second.items].map((item) => item.rowId)).toEqual(whole.items.map((item) => item.rowId));
    expect(first.total).toBe(whole.total);
    expect((await page({ page: 100_000 })).items).toEqual([]);
  });

  it('keeps cancelled classes in the list, marked cancelled', async () => {
    const [target] = (await page({ from: londonDay(2), to: londonDay(9) })).items.filter((item) => !item.isCancelled);
    expect(target).toBeDefined();
    expect((await t.call(cancelClassRoute, { as: admin, params: { rowId: target!.rowId } })).statusCode).toBe(200);
    const after = await page({ from: londonDay(2), to: londonDay(9), pageSize: 200 });
    expect(after.items.find((item) => item.rowId === target!.rowId)).toMatchObject({ isCancelled: true });
  });

  it('refuses bad filters with field errors, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-03-10', to: '2026-03-01' }, 'to'],
      [{ from: '2026-01-01', to: '2027-06-01' }, 'to'],
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 'tomorrow' }, 'to'],
      [{ pageSize: '201' }, 'pageSize'],
      [{ page: '0' }, 'page'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ];
    for (const [query, field] of cases) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toEqual(expect.any(String));
      expect(body.errors[field], JSON.stringify(query)).toEqual([expect.any(String)]);
    }
  });
});
