import { sql, type Transaction } from 'kysely';
import type { AdminCategory, CategoryBody } from '../../../shared/contract/adminAudience.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { duplicate, inUse } from './adminErrors.js';
import { assertRulesExist } from './rules.service.js';
import { defineCollectionService } from './collection/adminCollection.service.js';

function categoryQuery(db: Db | Transaction<Database>) {
  return db
    .selectFrom('resource_categories as c')
    .select((eb) => [
      'c.id', 'c.name', 'c.colour', 'c.display_order',
      eb.fn.coalesce(
        eb.selectFrom('resource_category_rules as cr').select(sql<number[]>`array_agg(cr.rule_id order by cr.rule_id)`.as('ids')).whereRef('cr.category_id', '=', 'c.id'),
        sql<number[]>`'{}'::integer[]`,
      ).as('rule_ids'),
      eb.selectFrom('resource_links as l').select(eb.fn.countAll<number>().as('n')).whereRef('l.category_id', '=', 'c.id').as('link_count'),
    ])
    .orderBy('c.display_order')
    .orderBy('c.name');
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryQuery>['executeTakeFirstOrThrow']>>;

const toCategory = (row: CategoryRow): AdminCategory => ({
  rowId: row.id,
  name: row.name,
  colour: row.colour,
  order: row.display_order,
  ruleRowIds: row.rule_ids,
  linkCount: Number(row.link_count ?? 0),
});

async function writeRules(trx: Transaction<Database>, categoryId: number, ruleIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('resource_category_rules').where('category_id', '=', categoryId).execute();
  const unique = [...new Set(ruleIds)];
  if (unique.length) await trx.insertInto('resource_category_rules').values(unique.map((rule_id) => ({ category_id: categoryId, rule_id }))).execute();
}

const columnsOf = (body: CategoryBody) => ({ name: body.name, colour: body.colour, display_order: body.order });

/**
 * Resource categories: a name taken is a 400 on `name`. One that still holds links is not deleted
 * (409): deleting it would delete its links and everyone's favourites of them, so the links are
 * moved or deleted first.
 */
export const categories = defineCollectionService<AdminCategory, CategoryBody>({
  table: 'resource_categories',
  subject: 'The category',
  audit: { action: 'category', type: 'category' },
  list: async (db) => (await categoryQuery(db).execute()).map(toCategory),
  get: async (db, id) => {
    const row = await categoryQuery(db).where('c.id', '=', id).executeTakeFirst();
    return row ? toCategory(row) : undefined;
  },
  checkReferences: (trx, body) => assertRulesExist(trx, 'ruleRowIds', body.ruleRowIds),
  insert: async (trx, body) => {
    const { id } = await trx.insertInto('resource_categories').values(columnsOf(body)).returning('id').executeTakeFirstOrThrow();
    await writeRules(trx, id, body.ruleRowIds);
    return id;
  },
  update: async (trx, id, body) => {
    await trx.updateTable('resource_categories').set(columnsOf(body)).where('id', '=', id).execute();
    await writeRules(trx, id, body.ruleRowIds);
  },
  nameTaken: () => duplicate('name', 'A category with this name already exists.'),
  refuseDelete: (before) => before.linkCount > 0
    ? inUse(`This category still holds ${before.linkCount} link(s). Move them to another category or delete them first.`)
    : undefined,
});
