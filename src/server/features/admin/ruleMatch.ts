import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * SQL for "user `userId` matches audience rule `ruleId`". A rule matches when it is active and
 * every one of its non-empty fields matches: the user holds one of its roles, is a member of one
 * of its directory groups, and their profile has one of its study levels, programmes and schools.
 * A rule with every field empty matches everyone signed in; an inactive rule matches no one (so
 * switching a rule off never widens what it guards).
 */
export function userMatchesRule(ruleId: Expression<number>, userId: Expression<number>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from audience_rules ar
    left join profiles rp on rp.user_id = ${userId}
    where ar.id = ${ruleId} and ar.is_active
      and (cardinality(ar.roles) = 0
        or exists (select 1 from effective_user_roles rr where rr.user_id = ${userId} and rr.role = any(ar.roles)))
      and (not exists (select 1 from audience_rule_groups rg where rg.rule_id = ar.id)
        or exists (select 1 from audience_rule_groups rg
          join directory_group_members rm on rm.group_id = rg.group_id
          where rg.rule_id = ar.id and rm.user_id = ${userId}))
      and (cardinality(ar.study_levels) = 0 or rp.study_level = any(ar.study_levels))
      and (cardinality(ar.programmes) = 0 or rp.programme = any(ar.programmes))
      and (cardinality(ar.schools) = 0 or rp.school = any(ar.schools))
  )`;
}

/**
 * SQL for "user `userId` may see a target whose rules are listed in `table`": a target with no
 * rules is for everyone signed in; otherwise the user must match at least one of them.
 */
export function userPassesTargetRules(
  table: 'resource_link_rules' | 'resource_category_rules',
  column: 'link_id' | 'category_id',
  targetId: Expression<number>,
  userId: Expression<number>,
): RawBuilder<SqlBool> {
  const rules = sql`${sql.table(table)} t where t.${sql.ref(column)} = ${targetId}`;
  return sql<SqlBool>`(
    not exists (select 1 from ${rules})
    or exists (select 1 from ${rules} and ${userMatchesRule(sql.ref<number>('t.rule_id'), userId)})
  )`;
}

/** Conditions given as values (a rule being edited), matched the same way as a stored rule. */
export interface RuleConditionValues {
  readonly roles: readonly string[];
  readonly groupIds: readonly number[];
  readonly studyLevels: readonly number[];
  readonly programmes: readonly string[];
  readonly schools: readonly string[];
}

/** SQL for "user `userId` matches these conditions" (the active flag does not apply). */
export function userMatchesConditions(c: RuleConditionValues, userId: Expression<number>): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (c.roles.length) parts.push(sql`exists (select 1 from effective_user_roles rr where rr.user_id = ${userId} and rr.role = any(${[...c.roles]}::text[]))`);
  if (c.groupIds.length) parts.push(sql`exists (select 1 from directory_group_members rm where rm.user_id = ${userId} and rm.group_id = any(${[...c.groupIds]}::integer[]))`);
  const profile = (column: string, values: readonly (string | number)[], type: string) =>
    sql`exists (select 1 from profiles rp where rp.user_id = ${userId} and rp.${sql.ref(column)} = any(${[...values]}::${sql.raw(type)}))`;
  if (c.studyLevels.length) parts.push(profile('study_level', c.studyLevels, 'integer[]'));
  if (c.programmes.length) parts.push(profile('programme', c.programmes, 'text[]'));
  if (c.schools.length) parts.push(profile('school', c.schools, 'text[]'));
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
