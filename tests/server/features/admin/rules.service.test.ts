import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRuleUserIds } from '../../../../src/server/features/admin/rules.service.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase('seeded');
});
afterAll(async () => {
  await t.drop();
});

const idOf = async (userName: string) => (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
const rule = async (values: { name: string; roles?: ('Student' | 'TeachingStaff' | 'Administrator')[]; study_levels?: number[]; programmes?: string[]; schools?: string[]; is_active?: boolean }) =>
  (await t.db.insertInto('audience_rules').values(values).returning('id').executeTakeFirstOrThrow()).id;

describe('resolveRuleUserIds', () => {
  it('gives every user for an empty list, and the seeded "Teaching staff" rule its lecturers', async () => {
    const everyone = await t.db.selectFrom('users').select('id').orderBy('id').execute();
    expect(await resolveRuleUserIds(t.db, [])).toEqual(everyone.map((u) => u.id));

    const teaching = await t.db.selectFrom('audience_rules').select('id').where('name', '=', 'Teaching staff').executeTakeFirstOrThrow();
    const ids = await resolveRuleUserIds(t.db, [teaching.id]);
    expect(ids).toContain(await idOf('lecturer'));
    expect(ids).not.toContain(await idOf('student'));
    expect(ids).not.toContain(await idOf('admin'));
  });

  it('ANDs the fields, ORs values within a field, and ORs the rules', async () => {
    const student = await idOf('student');
    const profile = await t.db.selectFrom('profiles').select(['study_level', 'programme', 'school']).where('user_id', '=', student).executeTakeFirstOrThrow();
    const level = profile.study_level ?? -1;
    const exact = await rule({ name: 'exact', roles: ['Student'], study_levels: [level, 99], schools: [profile.school ?? '', 'Nowhere'] });
    expect(await resolveRuleUserIds(t.db, [exact])).toContain(student);

    const wrongLevel = await rule({ name: 'wrong level', roles: ['Student'], study_levels: [99] });
    expect(await resolveRuleUserIds(t.db, [wrongLevel])).toEqual([]);
    const wrongRole = await rule({ name: 'wrong role', roles: ['Administrator'], programmes: [profile.programme ?? ''] });
    expect(await resolveRuleUserIds(t.db, [wrongRole])).toEqual([]);
    expect(await resolveRuleUserIds(t.db, [wrongLevel, exact])).toContain(student);

    const group = await t.db.insertInto('directory_groups').values({ external_id: 'grp-x', name: 'X' }).returning('id').executeTakeFirstOrThrow();
    const byGroup = await rule({ name: 'by group' });
    await t.db.insertInto('audience_rule_groups').values({ rule_id: byGroup, group_id: group.id }).execute();
    expect(await resolveRuleUserIds(t.db, [byGroup])).toEqual([]);
    await t.db.insertInto('directory_group_members').values({ group_id: group.id, user_id: student }).execute();
    expect(await resolveRuleUserIds(t.db, [byGroup])).toEqual([student]);
  });

  it('matches no one for an inactive or unknown rule', async () => {
    const off = await rule({ name: 'everyone, switched off', is_active: false });
    expect(await resolveRuleUserIds(t.db, [off])).toEqual([]);
    expect(await resolveRuleUserIds(t.db, [2_000_000_000])).toEqual([]);
  });
});
