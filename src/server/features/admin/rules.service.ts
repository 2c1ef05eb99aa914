import { sql, type Transaction } from 'kysely';
import type { AudienceRule, RuleBody, RuleConditions, RuleOptions, RulePreview } from '../../../shared/contract/adminAudience.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { assertAllFound, duplicate, inUse } from './adminErrors.js';
import { userMatchesConditions, userMatchesRule } from './ruleMatch.js';
import { defineCollectionService } from './collection/adminCollection.service.js';

/**
 * The ids of the users matching any of the given audience rules, ascending. An empty list means
 * everyone signed in: every user. Unknown and inactive rules match no one.
 */
export async function resolveRuleUserIds(db: Db | Transaction<Database>, ruleRowIds: readonly number[]): Promise<number[]> {
  let query = db.selectFrom('users as u').select('u.id').orderBy('u.id');
  if (ruleRowIds.length > 0) {
    const ids = [...new Set(ruleRowIds)];
    query = query.where((eb) => eb.exists(
      eb.selectFrom('audience_rules as q')
        .select('q.id')
        .where('q.id', 'in', ids)
        .where(userMatchesRule(sql.ref<number>('q.id'), sql.ref<number>('u.id'))),
    ));
  }
  const rows = await query.execute();
  return rows.map((r) => r.id);
}

/** Throws a 400 keyed by `field` when any id is not a rule. */
export async function assertRulesExist(db: Db | Transaction<Database>, field: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom('audience_rules').select('id').where('id', 'in', [...ids]).execute();
  assertAllFound(field, ids, found.map((r) => r.id));
}

function ruleQuery(db: Db | Transaction<Database>) {
  return db
    .selectFrom('audience_rules as r')
    .select((eb) => [
      'r.id', 'r.name', 'r.roles', 'r.study_levels', 'r.programmes', 'r.schools', 'r.is_active',
      eb.fn.coalesce(
        eb.selectFrom('audience_rule_groups as g').select(sql<number[]>`array_agg(g.group_id order by g.group_id)`.as('ids')).whereRef('g.rule_id', '=', 'r.id'),
        sql<number[]>`'{}'::integer[]`,
      ).as('group_ids'),
      eb.selectFrom('resource_link_rules as lr').select(eb.fn.countAll<number>().as('n')).whereRef('lr.rule_id', '=', 'r.id').as('link_count'),
      eb.selectFrom('resource_category_rules as cr').select(eb.fn.countAll<number>().as('n')).whereRef('cr.rule_id', '=', 'r.id').as('category_count'),
    ])
    .orderBy('r.name');
}

type RuleRow = Awaited<ReturnType<ReturnType<typeof ruleQuery>['executeTakeFirstOrThrow']>>;

function toRule(row: RuleRow): AudienceRule {
  return {
    rowId: row.id,
    name: row.name,
    roles: row.roles,
    adGroupRowIds: row.group_ids,
    studyLevels: row.study_levels,
    programmes: row.programmes,
    schools: row.schools,
    isActive: row.is_active,
    linkCount: Number(row.link_count ?? 0),
    categoryCount: Number(row.category_count ?? 0),
  };
}

async function assertGroupsExist(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await trx.selectFrom('directory_groups').select('id').where('id', 'in', [...ids]).execute();
  assertAllFound('adGroupRowIds', ids, found.map((r) => r.id));
}

async function writeGroups(trx: Transaction<Database>, ruleId: number, groupIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('audience_rule_groups').where('rule_id', '=', ruleId).execute();
  const unique = [...new Set(groupIds)];
  if (unique.length) await trx.insertInto('audience_rule_groups').values(unique.map((group_id) => ({ rule_id: ruleId, group_id }))).execute();
}

function columnsOf(body: RuleBody) {
  return {
    name: body.name,
    roles: [...new Set(body.roles)],
    study_levels: [...new Set(body.studyLevels)],
    programmes: [...new Set(body.programmes)],
    schools: [...new Set(body.schools)],
    is_active: body.isActive,
  };
}

/** Audience rules: a name taken is a 400 on `name`; a rule still targeting links or categories is not deleted (409). */
export const rules = defineCollectionService<AudienceRule, RuleBody>({
  table: 'audience_rules',
  subject: 'The rule',
  audit: { action: 'rule', type: 'rule' },
  list: async (db) => (await ruleQuery(db).execute()).map(toRule),
  get: async (db, id) => {
    const row = await ruleQuery(db).where('r.id', '=', id).executeTakeFirst();
    return row ? toRule(row) : undefined;
  },
  checkReferences: (trx, body) => assertGroupsExist(trx, body.adGroupRowIds),
  insert: async (trx, body, now) => {
    const { id } = await trx.insertInto('audience_rules').values({ ...columnsOf(body), created_at: now }).returning('id').executeTakeFirstOrThrow();
    await writeGroups(trx, id, body.adGroupRowIds);
    return id;
  },
  update: async (trx, id, body) => {
    await trx.updateTable('audience_rules').set(columnsOf(body)).where('id', '=', id).execute();
    await writeGroups(trx, id, body.adGroupRowIds);
  },
  nameTaken: () => duplicate('name', 'A rule with this name already exists.'),
  refuseDelete: (before) => before.linkCount + before.categoryCount > 0
    ? inUse(`This rule still targets ${before.linkCount} link(s) and ${before.categoryCount} categor${before.categoryCount === 1 ? 'y' : 'ies'}. Take it off them first, or switch it off.`)
    : undefined,
});

/** How many users the conditions match, and ten of them by display name. */
export async function previewRule(db: Db, conditions: RuleConditions): Promise<RulePreview> {
  const match = userMatchesConditions(
    { roles: conditions.roles, groupIds: conditions.adGroupRowIds, studyLevels: conditions.studyLevels, programmes: conditions.programmes, schools: conditions.schools },
    sql.ref<number>('u.id'),
  );
  const [total, sample] = await Promise.all([
    db.selectFrom('users as u').select((eb) => eb.fn.countAll<number>().as('n')).where(match).executeTakeFirstOrThrow(),
    db.selectFrom('users as u').select(['u.user_name', 'u.display_name']).where(match).orderBy('u.display_name').orderBy('u.id').limit(10).execute(),
  ]);
  return { count: Number(total.n), sample: sample.map((u) => ({ userName: u.user_name, displayName: u.display_name })) };
}

/** The distinct programmes and schools in profiles, sorted. */
export async function ruleOptions(db: Db): Promise<RuleOptions> {
  const distinct = async (column: 'programme' | 'school') =>
    (await db.selectFrom('profiles').select(column).distinct().where(column, 'is not', null).orderBy(column).execute())
      .map((r) => r[column])
      .filter((value) => value !== null);
  const [programmes, schools] = await Promise.all([distinct('programme'), distinct('school')]);
  return { programmes, schools };
}
