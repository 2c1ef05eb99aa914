import { sql, type Kysely } from 'kysely';

const ROLE_RULE_NAMES: Record<string, string> = {
  Student: 'Students',
  TeachingStaff: 'Teaching staff',
  Administrator: 'Administrators',
};

/**
 * The admin area's audience rules (issue 16):
 * - `audience_rules`: a named audience, any of roles, directory groups, study levels, programmes
 *   and schools (any value within a field, every non-empty field), with an active flag;
 * - categories and links point at rules (`resource_category_rules`, `resource_link_rules`); a rule
 *   in use cannot be deleted (RESTRICT), since dropping it would widen what it guards;
 * - `link_targeting_rules` become such references: one rule per distinct role or group of its
 *   active rows, then the table goes;
 * - links gain `is_active` and an optional `icon`;
 * - directory groups grant any number of roles (`granted_roles`, replacing `granted_role`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audience_rules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('roles', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`)
      .check(sql`roles <@ array['Student', 'TeachingStaff', 'Administrator']::text[]`))
    .addColumn('study_levels', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('programmes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('schools', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('audience_rule_groups')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('audience_rules.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('directory_groups.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('audience_rule_groups_pk', ['rule_id', 'group_id'])
    .execute();
  await db.schema.createIndex('audience_rule_groups_group_idx').on('audience_rule_groups').column('group_id').execute();

  for (const [table, column, target] of [
    ['resource_category_rules', 'category_id', 'resource_categories.id'],
    ['resource_link_rules', 'link_id', 'resource_links.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(column, 'integer', (c) => c.notNull().references(target).onDelete('cascade'))
      .addColumn('rule_id', 'integer', (c) => c.notNull().references('audience_rules.id').onDelete('restrict'))
      .addPrimaryKeyConstraint(`${table}_pk`, [column, 'rule_id'])
      .execute();
    await db.schema.createIndex(`${table}_rule_idx`).on(table).column('rule_id').execute();
  }

  await db.schema
    .alterTable('resource_links')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('icon', 'text')
    .execute();

  await db.schema
    .alterTable('directory_groups')
    .addColumn('granted_roles', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`)
      .check(sql`granted_roles <@ array['Student', 'TeachingStaff', 'Administrator']::text[]`))
    .execute();
  await sql`update directory_groups set granted_roles = array[granted_role] where granted_role is not null`.execute(db);
  await db.schema.alterTable('directory_groups').dropColumn('granted_role').execute();

  // Old targeting rows become rule references. Inactive rows had no effect, so they are left out.
  const { rows } = await sql<{ role: string | null; group_id: number | null; group_name: string | null; link_id: number | null; category_id: number | null }>`
    select r.role, r.directory_group_id as group_id, g.name as group_name, r.link_id, r.category_id
    from link_targeting_rules r left join directory_groups g on g.id = r.directory_group_id
    where r.is_active order by r.id`.execute(db);
  const ruleIds = new Map<string, number>();
  const usedNames = new Set<string>();
  for (const row of rows) {
    const key = row.role ? `role:${row.role}` : `group:${row.group_id}`;
    let ruleId = ruleIds.get(key);
    if (ruleId === undefined) {
      const base = row.role ? (ROLE_RULE_NAMES[row.role] ?? row.role) : `Group: ${row.group_name ?? row.group_id}`;
      let name = base;
      for (let n = 2; usedNames.has(name); n += 1) name = `${base} (${n})`;
      usedNames.add(name);
      const inserted = await sql<{ id: number }>`
        insert into audience_rules (name, roles) values (${name}, ${row.role ? [row.role] : []}::text[]) returning id`.execute(db);
      const [insertedRule] = inserted.rows;
      if (!insertedRule) throw new Error('The inserted audience rule is missing.');
      ruleId = insertedRule.id;
      ruleIds.set(key, ruleId);
      if (row.group_id !== null) await sql`insert into audience_rule_groups (rule_id, group_id) values (${ruleId}, ${row.group_id})`.execute(db);
    }
    if (row.link_id !== null) {
      await sql`insert into resource_link_rules (link_id, rule_id) values (${row.link_id}, ${ruleId}) on conflict do nothing`.execute(db);
    } else if (row.category_id !== null) {
      await sql`insert into resource_category_rules (category_id, rule_id) values (${row.category_id}, ${ruleId}) on conflict do nothing`.execute(db);
    }
  }
  await db.schema.dropTable('link_targeting_rules').execute();
}

/**
 * Undoing is refused while the data holds what the old model cannot say (a rule that is switched
 * off or has profile conditions, roles and groups in one rule, a switched-off link, a group that
 * grants several roles): dropping it would silently show links to more people than intended.
 */
async function assertExpressibleInOldModel(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ rules: number; links: number; groups: number }>`
    select
      (select count(*)::int from audience_rules r
        where r.id in (select rule_id from resource_link_rules union select rule_id from resource_category_rules)
          and (not r.is_active or cardinality(r.study_levels) > 0 or cardinality(r.programmes) > 0 or cardinality(r.schools) > 0
            or (cardinality(r.roles) > 0 and exists (select 1 from audience_rule_groups g where g.rule_id = r.id)))) as rules,
      (select count(*)::int from resource_links where not is_active) as links,
      (select count(*)::int from directory_groups where cardinality(granted_roles) > 1) as groups`.execute(db);
  const found = rows[0] ?? { rules: 0, links: 0, groups: 0 };
  if (found.rules + found.links + found.groups > 0) {
    throw new Error(
      `Migration 0013 cannot be undone without widening who sees links: ${found.rules} rule(s) in use that are switched off, ` +
        `have profile conditions or mix roles and groups; ${found.links} switched-off link(s); ${found.groups} group(s) granting ` +
        'several roles. Change or remove them first.',
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await assertExpressibleInOldModel(db);
  await db.schema
    .createTable('link_targeting_rules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('link_id', 'integer', (c) => c.references('resource_links.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('resource_categories.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.check(sql`role in ('Student', 'TeachingStaff', 'Administrator')`))
    .addColumn('directory_group_id', 'integer', (c) => c.references('directory_groups.id').onDelete('cascade'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('link_targeting_rules_one_target', sql`(link_id is null) <> (category_id is null)`)
    .addCheckConstraint('link_targeting_rules_one_audience', sql`(role is null) <> (directory_group_id is null)`)
    .execute();
  // Role rules map back to one row per role (assertExpressibleInOldModel refused the rest).
  await sql`insert into link_targeting_rules (name, link_id, role)
    select r.name, lr.link_id, unnest(r.roles) from resource_link_rules lr join audience_rules r on r.id = lr.rule_id`.execute(db);
  await sql`insert into link_targeting_rules (name, category_id, role)
    select r.name, cr.category_id, unnest(r.roles) from resource_category_rules cr join audience_rules r on r.id = cr.rule_id`.execute(db);
  // Group-only rules map back to one row per group.
  await sql`insert into link_targeting_rules (name, link_id, directory_group_id)
    select r.name, lr.link_id, g.group_id from resource_link_rules lr join audience_rules r on r.id = lr.rule_id
    join audience_rule_groups g on g.rule_id = r.id`.execute(db);
  await sql`insert into link_targeting_rules (name, category_id, directory_group_id)
    select r.name, cr.category_id, g.group_id from resource_category_rules cr join audience_rules r on r.id = cr.rule_id
    join audience_rule_groups g on g.rule_id = r.id`.execute(db);
  await db.schema.alterTable('directory_groups')
    .addColumn('granted_role', 'text', (c) => c.check(sql`granted_role in ('Student', 'TeachingStaff', 'Administrator')`))
    .execute();
  await sql`update directory_groups set granted_role = granted_roles[1]`.execute(db);
  await db.schema.alterTable('directory_groups').dropColumn('granted_roles').execute();
  await db.schema.alterTable('resource_links').dropColumn('icon').dropColumn('is_active').execute();
  for (const table of ['resource_link_rules', 'resource_category_rules', 'audience_rule_groups', 'audience_rules']) {
    await db.schema.dropTable(table).execute();
  }
}
