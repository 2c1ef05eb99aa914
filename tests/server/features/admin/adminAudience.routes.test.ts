import { beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../../src/shared/contract/adminAudience.js';
import { resourcesRoute, type Resources } from '../../../../src/shared/contract/resources.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();
let admin: Caller;
beforeAll(async () => {
  admin = await t.signIn('admin');
});

const ruleBody = (overrides: Partial<c.RuleBody> = {}): c.RuleBody => ({
  name: 'Rule', roles: [], adGroupRowIds: [], studyLevels: [], programmes: [], schools: [], isActive: true, ...overrides,
});
const idOfRule = async (name: string) => (await t.db.selectFrom('audience_rules').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const linkNames = async (caller: Caller) =>
  ((await t.call(resourcesRoute, { as: caller })).json() as Resources).categories.flatMap((cat) => cat.categoryLinks.map((l) => l.link.displayName));
const auditOf = (action: string) => t.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', action).orderBy('id', 'desc').execute();

describe('admin rules', () => {
  it('creates, lists with rowId, previews with a count and sample, and audits before and after', async () => {
    const created = await t.call(c.createRuleRoute, { as: admin, body: ruleBody({ name: 'Year 2 students', roles: ['Student'], studyLevels: [2] }) });
    expect(created.statusCode).toBe(200);
    const rule = created.json() as c.AudienceRule;
    expect(rule).toMatchObject({ name: 'Year 2 students', roles: ['Student'], studyLevels: [2], linkCount: 0 });
    expect(rule.rowId).toBeGreaterThan(0);
    const list = (await t.call(c.listRulesRoute, { as: admin })).json() as c.AudienceRule[];
    expect(list.find((r) => r.rowId === rule.rowId)?.name).toBe('Year 2 students');

    const preview = (await t.call(c.previewRuleRoute, { as: admin, body: { roles: ['Student'], adGroupRowIds: [], studyLevels: [2], programmes: [], schools: [] } })).json() as c.RulePreview;
    expect(preview.count).toBeGreaterThan(0);
    expect(preview.sample.map((u) => u.userName)).toContain('student');
    expect(preview.sample.length).toBeLessThanOrEqual(10);
    const nobody = (await t.call(c.previewRuleRoute, { as: admin, body: { roles: ['Administrator'], adGroupRowIds: [], studyLevels: [2], programmes: [], schools: [] } })).json() as c.RulePreview;
    expect(nobody).toEqual({ count: 0, sample: [] });

    const updated = await t.call(c.updateRuleRoute, { as: admin, params: { rowId: rule.rowId }, body: ruleBody({ name: 'Year 2 students', roles: ['Student'], studyLevels: [2, 3], isActive: false }) });
    expect(updated.json()).toMatchObject({ studyLevels: [2, 3], isActive: false });
    const [entry] = await auditOf('admin.rule.update');
    const adminId = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect(entry?.user_id).toBe(adminId);
    expect(entry?.detail).toMatchObject({ target: { type: 'rule', id: rule.rowId }, before: { studyLevels: [2], isActive: true }, after: { studyLevels: [2, 3], isActive: false } });
  });

  it('answers validation errors in the SPEC §8 shape, keyed by field', async () => {
    const duplicate = await t.call(c.createRuleRoute, { as: admin, body: ruleBody({ name: 'Teaching staff' }) });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ message: 'One or more fields are invalid.', errors: { name: ['A rule with this name already exists.'] }, code: 'validation' });
    const unknownGroup = await t.call(c.createRuleRoute, { as: admin, body: ruleBody({ name: 'Ghost group', adGroupRowIds: [999_999] }) });
    expect(unknownGroup.statusCode).toBe(400);
    expect(unknownGroup.json()).toEqual({ message: 'One or more fields are invalid.', errors: { adGroupRowIds: ['No such record: 999999'] }, code: 'validation' });
    const badRole = await t.call(c.createRuleRoute, { as: admin, body: { ...ruleBody({ name: 'x' }), roles: ['Dean'] } });
    expect(badRole.statusCode).toBe(400);
    expect(Object.keys((badRole.json() as { errors: object }).errors)).toEqual(['roles.0']);
  });

  it('refuses to delete a rule in use (409), deletes an unused one, 404 for an unknown one', async () => {
    const inUse = await t.call(c.deleteRuleRoute, { as: admin, params: { rowId: await idOfRule('Teaching staff') } });
    expect(inUse.statusCode).toBe(409);
    expect((inUse.json() as { message: string }).message).toMatch(/still targets 1 link/);
    const spare = (await t.call(c.createRuleRoute, { as: admin, body: ruleBody({ name: 'Spare' }) })).json() as c.AudienceRule;
    expect((await t.call(c.deleteRuleRoute, { as: admin, params: { rowId: spare.rowId } })).statusCode).toBe(204);
    expect((await t.call(c.deleteRuleRoute, { as: admin, params: { rowId: spare.rowId } })).statusCode).toBe(404);
  });
});

describe('admin categories and links', () => {
  it('a link targeted to "Teaching staff" shows to lecturer, not to student; opens and favourites are counted', async () => {
    const category = (await t.call(c.createCategoryRoute, { as: admin, body: { name: 'Staff tools', colour: '#123456', order: 9, ruleRowIds: [] } })).json() as c.AdminCategory;
    expect(category).toMatchObject({ name: 'Staff tools', colour: '#123456', order: 9, ruleRowIds: [], linkCount: 0 });
    const teaching = await idOfRule('Teaching staff');
    const created = await t.call(c.createLinkRoute, {
      as: admin,
      body: { displayName: 'Marking portal', url: 'https://marking.example.ac.uk/', description: 'Mark work', categoryRowId: category.rowId, icon: 'laptop', ruleRowIds: [teaching], isActive: true },
    });
    expect(created.statusCode).toBe(200);
    const link = created.json() as c.AdminLink;
    expect(link).toMatchObject({ displayName: 'Marking portal', categoryName: 'Staff tools', ruleRowIds: [teaching], opens28Days: 0, favouriteCount: 0 });

    expect(await linkNames(await t.signIn('lecturer'))).toContain('Marking portal');
    expect(await linkNames(await t.signIn('student'))).not.toContain('Marking portal');

    const moodle = ((await t.call(c.listLinksRoute, { as: admin })).json() as c.AdminLink[]).find((l) => l.displayName === 'Moodle');
    expect(moodle?.opens28Days).toBeGreaterThan(0);
    expect(moodle?.favouriteCount).toBe(1);

    // An inactive link is shown to no one.
    await t.call(c.updateLinkRoute, { as: admin, params: { rowId: link.rowId }, body: { displayName: 'Marking portal', url: 'https://marking.example.ac.uk/', categoryRowId: category.rowId, ruleRowIds: [teaching], isActive: false } });
    expect(await linkNames(await t.signIn('lecturer'))).not.toContain('Marking portal');
  });

  it('accepts only https URLs', async () => {
    const category = await t.db.selectFrom('resource_categories').select('id').where('name', '=', 'Study').executeTakeFirstOrThrow();
    for (const url of ['http://example.ac.uk', 'javascript:alert(1)', 'https://user:pw@example.ac.uk', 'example.ac.uk', 'https://']) {
      const response = await t.call(c.createLinkRoute, { as: admin, body: { displayName: 'Bad', url, categoryRowId: category.id, ruleRowIds: [], isActive: true } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: 'One or more fields are invalid.', errors: { url: [c.httpsUrlMessage] }, code: 'validation' });
    }
    // Upper-case or slash-less https addresses parse, so they are stored as a browser writes them.
    for (const [url, stored] of [['HTTPS://Marking.Example.AC.uk/Portal', 'https://marking.example.ac.uk/Portal'], ['https:timetabling.example.ac.uk', 'https://timetabling.example.ac.uk/']]) {
      const response = await t.call(c.createLinkRoute, { as: admin, body: { displayName: `Normalised ${stored}`, url, categoryRowId: category.id, ruleRowIds: [], isActive: true } });
      expect(response.statusCode, url).toBe(200);
      expect((response.json() as c.AdminLink).url).toBe(stored);
      const row = await t.db.selectFrom('resource_links').select('url').where('display_name', '=', `Normalised ${stored}`).executeTakeFirstOrThrow();
      expect(row.url).toBe(stored);
    }
    const unknownCategory = await t.call(c.createLinkRoute, { as: admin, body: { displayName: 'Lost', url: 'https://ok.example', categoryRowId: 999_999, ruleRowIds: [], isActive: true } });
    expect(unknownCategory.json()).toEqual({ message: 'One or more fields are invalid.', errors: { categoryRowId: ['No such record: 999999'] }, code: 'validation' });
  });

  it('refuses to delete a category that holds links (its links stay), deletes an empty one', async () => {
    const study = await t.db.selectFrom('resource_categories').select('id').where('name', '=', 'Study').executeTakeFirstOrThrow();
    const before = await t.db.selectFrom('resource_links').select('id').where('category_id', '=', study.id).execute();
    const refused = await t.call(c.deleteCategoryRoute, { as: admin, params: { rowId: study.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: `This category still holds ${before.length} link(s). Move them to another category or delete them first.`, errors: {}, code: 'conflict' });
    expect(await t.db.selectFrom('resource_links').select('id').where('category_id', '=', study.id).execute()).toEqual(before);

    const empty = (await t.call(c.createCategoryRoute, { as: admin, body: { name: 'Empty', colour: '#fff', order: 1, ruleRowIds: [] } })).json() as c.AdminCategory;
    expect((await t.call(c.deleteCategoryRoute, { as: admin, params: { rowId: empty.rowId } })).statusCode).toBe(204);
    const [entry] = await auditOf('admin.category.delete');
    expect(entry?.detail).toMatchObject({ before: { name: 'Empty' } });
  });

  it('deleting a link removes the favourites naming it, and the audit keeps how many', async () => {
    const links = (await t.call(c.listLinksRoute, { as: admin })).json() as c.AdminLink[];
    const eduroam = links.find((l) => l.displayName === 'Connect to eduroam')!;
    expect(eduroam.favouriteCount).toBe(1);
    expect((await t.call(c.deleteLinkRoute, { as: admin, params: { rowId: eduroam.rowId } })).statusCode).toBe(204);
    expect(await t.db.selectFrom('favourite_resources').select('id').where('link_id', '=', eduroam.rowId).execute()).toEqual([]);
    const [entry] = await auditOf('admin.link.delete');
    expect(entry?.detail).toMatchObject({ target: { type: 'link', id: eduroam.rowId }, context: { favouritesRemoved: 1 } });
  });
});

describe('admin directory groups', () => {
  it('adds a group ahead of sign-in with role grants and the absence-reviewer flag; ids are unique; a group in a rule stays', async () => {
    const body = { groupId: 'f3a1c2d4-school-office', displayName: 'School office', grantsRoles: ['TeachingStaff'], isAbsenceReviewGroup: true, isStudentSupportGroup: false } satisfies c.AdGroupBody;
    const created = await t.call(c.createAdGroupRoute, { as: admin, body });
    expect(created.statusCode).toBe(200);
    const group = created.json() as c.AdGroup;
    expect(group).toMatchObject({ ...body, memberCount: 0, ruleCount: 0 });
    const stored = await t.db.selectFrom('directory_groups').select(['granted_roles', 'is_absence_review_group']).where('id', '=', group.rowId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ granted_roles: ['TeachingStaff'], is_absence_review_group: true });

    const again = await t.call(c.createAdGroupRoute, { as: admin, body });
    expect(again.json()).toEqual({ message: 'One or more fields are invalid.', errors: { groupId: ['A group with this id is already known.'] }, code: 'validation' });

    await t.call(c.createRuleRoute, { as: admin, body: ruleBody({ name: 'Office', adGroupRowIds: [group.rowId] }) });
    expect((await t.call(c.deleteAdGroupRoute, { as: admin, params: { rowId: group.rowId } })).statusCode).toBe(409);
  });

  it('takes a withdrawn role away on the member\'s next request, and audits whom it reached; deleting the group does too', async () => {
    const body = { groupId: 'it-admins', displayName: 'IT administrators', grantsRoles: ['Administrator'], isAbsenceReviewGroup: false, isStudentSupportGroup: false } satisfies c.AdGroupBody;
    const group = (await t.call(c.createAdGroupRoute, { as: admin, body })).json() as c.AdGroup;
    const staffId = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'staff').executeTakeFirstOrThrow()).id;
    // As a sign-in with the provider's groups records it.
    await t.db.insertInto('directory_group_members').values({ group_id: group.rowId, user_id: staffId }).execute();
    const member = await t.signIn('staff');
    expect((await t.call(c.listAdGroupsRoute, { as: member })).statusCode).toBe(200);
    // Nothing was copied to the member's own roles.
    expect(await t.db.selectFrom('user_roles').select('role').where('user_id', '=', staffId).where('role', '=', 'Administrator').execute()).toEqual([]);

    await t.call(c.updateAdGroupRoute, { as: admin, params: { rowId: group.rowId }, body: { ...body, grantsRoles: [] } });
    expect((await t.call(c.listAdGroupsRoute, { as: member })).statusCode).toBe(403);
    const [update] = await auditOf('admin.adgroup.update');
    expect(update?.detail).toMatchObject({ target: { type: 'adgroup', id: group.rowId }, context: { affectedUserIds: [staffId] } });

    await t.call(c.updateAdGroupRoute, { as: admin, params: { rowId: group.rowId }, body });
    expect((await t.call(c.listAdGroupsRoute, { as: member })).statusCode).toBe(200);
    expect((await t.call(c.deleteAdGroupRoute, { as: admin, params: { rowId: group.rowId } })).statusCode).toBe(204);
    expect((await t.call(c.listAdGroupsRoute, { as: member })).statusCode).toBe(403);
    const [deleted] = await auditOf('admin.adgroup.delete');
    expect(deleted?.detail).toMatchObject({ target: { type: 'adgroup', id: group.rowId }, context: { affectedUserIds: [staffId] } });
  });

  it('is for administrators only', async () => {
    const lecturer = await t.signIn('lecturer');
    for (const route of [c.listAdGroupsRoute, c.listLinksRoute, c.listRulesRoute, c.listCategoriesRoute]) {
      expect((await t.call(route, { as: lecturer })).statusCode).toBe(403);
    }
  });
});
