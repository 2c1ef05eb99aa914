import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../src/server/db/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase('empty');
});
afterAll(async () => {
  await t.drop();
});

describe('migration 0013: audience rules', () => {
  it('turns active link_targeting_rules into rule references and single group roles into lists', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0010_reviewers_audit')).error).toBeUndefined();
    await sql`insert into directory_groups (external_id, name, granted_role) values ('g-staff', 'Staff group', 'TeachingStaff')`.execute(t.db);
    await sql`insert into resource_categories (name, colour) values ('Cat', '#000000')`.execute(t.db);
    await sql`insert into resource_links (category_id, display_name, url) values (1, 'A', 'https://a.example'), (1, 'B', 'https://b.example')`.execute(t.db);
    await sql`insert into link_targeting_rules (name, link_id, role) values ('a for staff', 1, 'TeachingStaff'), ('b for staff', 2, 'TeachingStaff')`.execute(t.db);
    await sql`insert into link_targeting_rules (name, category_id, directory_group_id) values ('cat for group', 1, 1)`.execute(t.db);
    await sql`insert into link_targeting_rules (name, link_id, role, is_active) values ('off', 2, 'Student', false)`.execute(t.db);

    expect((await migrator.migrateTo('0013_audience_rules')).error).toBeUndefined();
    const rules = await t.db.selectFrom('audience_rules').select(['id', 'name', 'roles']).orderBy('id').execute();
    expect(rules.map((r) => [r.name, r.roles])).toEqual([['Teaching staff', ['TeachingStaff']], ['Group: Staff group', []]]);
    expect(await t.db.selectFrom('resource_link_rules').select(['link_id', 'rule_id']).orderBy('link_id').execute())
      .toEqual([{ link_id: 1, rule_id: rules[0]!.id }, { link_id: 2, rule_id: rules[0]!.id }]);
    expect(await t.db.selectFrom('resource_category_rules').select(['category_id', 'rule_id']).execute()).toEqual([{ category_id: 1, rule_id: rules[1]!.id }]);
    expect(await t.db.selectFrom('audience_rule_groups').select(['rule_id', 'group_id']).execute()).toEqual([{ rule_id: rules[1]!.id, group_id: 1 }]);
    expect((await t.db.selectFrom('directory_groups').select('granted_roles').executeTakeFirstOrThrow()).granted_roles).toEqual(['TeachingStaff']);
  });

  it('is undone only while the old model can say the same: a group-only rule maps back, a switched-off link refuses', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    await sql`update resource_links set is_active = false where id = 2`.execute(t.db);
    const refused = await migrator.migrateTo('0012_register_overrides');
    expect(String(refused.error)).toContain('cannot be undone');
    expect(await t.db.selectFrom('audience_rules').select('id').execute()).toHaveLength(2);

    await sql`update resource_links set is_active = true where id = 2`.execute(t.db);
    expect((await migrator.migrateTo('0012_register_overrides')).error).toBeUndefined();
    const { rows } = await sql<{ link_id: number | null; category_id: number | null; role: string | null; directory_group_id: number | null }>`
      select link_id, category_id, role, directory_group_id from link_targeting_rules order by id`.execute(t.db);
    expect(rows).toEqual([
      { link_id: 1, category_id: null, role: 'TeachingStaff', directory_group_id: null },
      { link_id: 2, category_id: null, role: 'TeachingStaff', directory_group_id: null },
      { link_id: null, category_id: 1, role: null, directory_group_id: 1 },
    ]);
  });
});
