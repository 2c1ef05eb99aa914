import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { openResourceRoute, resourcesRoute, resourcesSchema, type Resources } from '../../../../src/shared/contract/resources.js';
import { callRoute } from '../../../helpers/routes.js';
import type { Caller, TestApp } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

async function resourcesOf(caller: Caller, app = t): Promise<Resources> {
  const response = await callRoute(app.app, resourcesRoute, { as: caller });
  expect(response.statusCode).toBe(200);
  return z.parse(resourcesSchema, response.json());
}
const linkNames = (resources: Resources): string[] =>
  resources.categories.flatMap((category) => category.categoryLinks.map((categoryLink) => categoryLink.link.displayName));

async function linkId(db: TestApp['db'], displayName: string): Promise<number> {
  const row = await db.selectFrom('resource_links').select('id').where('display_name', '=', displayName).executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/content/resources', () => {
  it('returns categories in order, with colour and links carrying link {displayName, rowId}', async () => {
    const resources = await resourcesOf(await t.signIn('student'));
    expect(resources.categories.map((c) => c.categoryName)).toEqual(['Study', 'Library', 'IT and accounts', 'Wellbeing', 'Careers', 'Campus life']);
    const study = resources.categories[0];
    expect(study?.colour).toBe('#1B3A5C');
    expect(study?.categoryLinks[0]).toEqual({
      link: { rowId: await linkId(t.db, 'Moodle'), displayName: 'Moodle', url: 'https://moodle.campus.example.ac.uk', description: 'Course materials, assignments and grades' },
      order: 1,
    });
    for (const category of resources.categories) {
      const orders = category.categoryLinks.map((l) => l.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it('applies targeting: the TeachingStaff-only link is hidden from a student but shown to a lecturer', async () => {
    expect(linkNames(await resourcesOf(await t.signIn('student')))).not.toContain('Staff intranet');
    expect(linkNames(await resourcesOf(await t.signIn('staff')))).not.toContain('Staff intranet');
    expect(linkNames(await resourcesOf(await t.signIn('lecturer')))).toContain('Staff intranet');
  });

  it('returns the popular links (seeded opens of the last 28 days), at most 6, each visible', async () => {
    const resources = await resourcesOf(await t.signIn('student'));
    expect(resources.popularResources).toHaveLength(6);
    expect(resources.popularResources.map((l) => l.displayName)).not.toContain('Staff intranet');
    expect(resources.popularResources[0]?.displayName).toBeDefined();
  });
});

describe('targeting rules managed by an administrator', () => {
  const app = useTestApp();

  it('apply on the next request, by role or directory group, on links and on categories', async () => {
    const [student, student2, lecturer] = [await app.signIn('student'), await app.signIn('student2'), await app.signIn('lecturer')];
    const userId = async (userName: string) => (await app.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
    const group = await app.db.insertInto('directory_groups').values({ external_id: 'grp-careers', name: 'Careers champions' }).returning('id').executeTakeFirstOrThrow();
    await app.db.insertInto('directory_group_members').values({ group_id: group.id, user_id: await userId('student2') }).execute();
    const careers = await app.db.selectFrom('resource_categories').select('id').where('name', '=', 'Careers').executeTakeFirstOrThrow();

    // A category targeted to a directory group's rule: only its members see the category.
    const rule = await app.db.insertInto('audience_rules').values({ name: 'Careers champions' }).returning('id').executeTakeFirstOrThrow();
    await app.db.insertInto('audience_rule_groups').values({ rule_id: rule.id, group_id: group.id }).execute();
    await app.db.insertInto('resource_category_rules').values({ category_id: careers.id, rule_id: rule.id }).execute();
    expect((await resourcesOf(student, app)).categories.map((c) => c.categoryName)).not.toContain('Careers');
    expect((await resourcesOf(student2, app)).categories.map((c) => c.categoryName)).toContain('Careers');
    expect((await resourcesOf(student, app)).popularResources.map((l) => l.displayName)).not.toContain('Careers service');

    // A second rule on the staff-only link: its audience is the union of the rules' audiences.
    await app.db.insertInto('resource_link_rules').values({ link_id: await linkId(app.db, 'Staff intranet'), rule_id: rule.id }).execute();
    expect(linkNames(await resourcesOf(student2, app))).toContain('Staff intranet');
    expect(linkNames(await resourcesOf(lecturer, app))).toContain('Staff intranet');
    expect(linkNames(await resourcesOf(student, app))).not.toContain('Staff intranet');

    // A rule switched off matches no one: it never widens what it guarded.
    await app.db.updateTable('audience_rules').set({ is_active: false }).where('id', '=', rule.id).execute();
    expect((await resourcesOf(student2, app)).categories.map((c) => c.categoryName)).not.toContain('Careers');
    expect((await resourcesOf(student, app)).categories.map((c) => c.categoryName)).not.toContain('Careers');
    // Without rules, the category is for everyone signed in again.
    await app.db.deleteFrom('resource_category_rules').where('rule_id', '=', rule.id).execute();
    expect((await resourcesOf(student, app)).categories.map((c) => c.categoryName)).toContain('Careers');
  });
});

describe('POST /api/content/resources/:rowId/open', () => {
  it('counts an open of a visible link (204) and answers 404 for a hidden or missing one', async () => {
    const student = await t.signIn('student');
    const moodle = await linkId(t.db, 'Moodle');
    const before = await t.db.selectFrom('resource_link_opens').select((eb) => eb.fn.countAll<number>().as('n')).where('link_id', '=', moodle).executeTakeFirstOrThrow();
    const open = await t.call(openResourceRoute, { params: { rowId: moodle }, as: student });
    expect(open.statusCode).toBe(204);
    const after = await t.db.selectFrom('resource_link_opens').select((eb) => eb.fn.countAll<number>().as('n')).where('link_id', '=', moodle).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n + 1);

    for (const rowId of [await linkId(t.db, 'Staff intranet'), 999_999]) {
      const refused = await t.call(openResourceRoute, { params: { rowId }, as: student });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'The resource link was not found.', errors: {}, code: 'notFound' });
    }
    const lecturer = await t.signIn('lecturer');
    const staffOpen = await t.call(openResourceRoute, { params: { rowId: await linkId(t.db, 'Staff intranet') }, as: lecturer });
    expect(staffOpen.statusCode).toBe(204);
  });

  it('counts a replay with the same Idempotency-Key once (the outbox after a lost answer), and each key or keyless open anew', async () => {
    const student = await t.signIn('student');
    const library = await linkId(t.db, 'Moodle');
    const count = async () =>
      Number((await t.db.selectFrom('resource_link_opens').select((eb) => eb.fn.countAll<number>().as('n')).where('link_id', '=', library).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const key of ['open-1', 'open-1', 'open-2', undefined, undefined]) {
      const response = await t.call(openResourceRoute, { params: { rowId: library }, as: student, headers: key ? { 'idempotency-key': key } : {} });
      expect(response.statusCode).toBe(204);
    }
    expect(await count()).toBe(before + 4);
    // Another user's identical key is theirs: it is not a replay of the student's open.
    const lecturer = await t.signIn('lecturer');
    await t.call(openResourceRoute, { params: { rowId: library }, as: lecturer, headers: { 'idempotency-key': 'open-1' } });
    expect(await count()).toBe(before + 5);
  });
});

describe('popularity', () => {
  const app = useTestApp();
  beforeAll(async () => {
    await app.db.deleteFrom('resource_link_opens').execute();
  });

  const openTimes = async (caller: Caller, displayName: string, times: number) => {
    const id = await linkId(app.db, displayName);
    for (let i = 0; i < times; i += 1) {
      const response = await callRoute(app.app, openResourceRoute, { params: { rowId: id }, as: caller });
      expect(response.statusCode).toBe(204);
    }
  };
  const popular = async (caller: Caller) => (await resourcesOf(caller, app)).popularResources.map((l) => l.displayName);

  it('ranks visible links by opens in the last 28 days, ties by name, top 6, and changes as links are opened', async () => {
    const student = await app.signIn('student');
    const student2 = await app.signIn('student2');
    expect(await popular(student)).toEqual([]);

    await openTimes(student, 'Campus map', 3);
    await openTimes(student, 'Bus times', 2);
    await openTimes(student, 'Sports centre', 1);
    await openTimes(student2, 'Careers service', 1);
    expect(await popular(student)).toEqual(['Campus map', 'Bus times', 'Careers service', 'Sports centre']);

    await openTimes(student2, 'Bus times', 2);
    expect(await popular(student)).toEqual(['Bus times', 'Campus map', 'Careers service', 'Sports centre']);

    // Opens older than the window do not count.
    const old = new Date(app.clock.nowMs() - 29 * 24 * 60 * 60 * 1000);
    const counselling = await linkId(app.db, 'Counselling service');
    await app.db.insertInto('resource_link_opens').values(Array.from({ length: 50 }, () => ({ link_id: counselling, user_id: null, opened_at: old }))).execute();
    expect(await popular(student)).not.toContain('Counselling service');

    await openTimes(student2, 'Moodle', 1);
    await openTimes(student2, 'Exam timetable', 1);
    await openTimes(student2, 'Print and scan', 1);
    expect(await popular(student)).toEqual(['Bus times', 'Campus map', 'Careers service', 'Exam timetable', 'Moodle', 'Print and scan']);
  });

  it('never lists a link the caller may not see, however often it is opened', async () => {
    const lecturer = await app.signIn('lecturer');
    await openTimes(lecturer, 'Staff intranet', 10);
    expect((await popular(lecturer))[0]).toBe('Staff intranet');
    expect(await popular(await app.signIn('student'))).not.toContain('Staff intranet');
  });
});
