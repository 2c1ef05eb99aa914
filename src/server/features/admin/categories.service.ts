import { sql, type Transaction } from 'kysely';
import type { AdminCategory, CategoryBody } from '../../../shared/contract/adminAudience.js';
import { recordAudit } from '../../audit/auditLog.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { duplicate, inUse } from './adminErrors.js';
import { isUniqueViolation } from '../../db/sqlErrors.js';
import { assertRulesExist } from './rules.service.js';
import { present } from '../../../shared/guards.js';

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

export async function listCategories(db: Db): Promise<AdminCategory[]> {
  return (await categoryQuery(db).execute()).map(toCategory);
}

async function getCategory(db: Db | Transaction<Database>, id: number): Promise<AdminCategory | undefined> {
  const row = await categoryQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toCategory(row) : undefined;
}

async function writeRules(trx: Transaction<Database>, categoryId: number, ruleIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('resource_category_rules').where('category_id', '=', categoryId).execute();
  const unique = [...new Set(ruleIds)];
  if (unique.length) await trx.insertInto('resource_category_rules').values(unique.map((rule_id) => ({ category_id: categoryId, rule_id }))).execute();
}

const nameTaken = () => duplicate('name', 'A category with this name already exists.');

async function saveWithNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export function createCategory(db: Db, actorUserId: number, body: CategoryBody, now: Date): Promise<AdminCategory> {
  return saveWithNameCheck(() => db.transaction().execute(async (trx) => {
    await assertRulesExist(trx, 'ruleRowIds', body.ruleRowIds);
    const { id } = await trx
      .insertInto('resource_categories')
      .values({ name: body.name, colour: body.colour, display_order: body.order })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeRules(trx, id, body.ruleRowIds);
    const after = present(await getCategory(trx, id), 'The saved category');
    await recordAudit(trx, { at: now, actorUserId, action: 'admin.category.create', target: { type: 'category', id }, after });
    return after;
  }));
}

export function updateCategory(db: Db, actorUserId: number, id: number, body: CategoryBody, now: Date): Promise<AdminCategory> {
  return saveWithNameCheck(() => db.transaction().execute(async (trx) => {
    await trx.selectFrom('resource_categories').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await getCategory(trx, id);
    if (!before) throw notFound('The category');
    await assertRulesExist(trx, 'ruleRowIds', body.ruleRowIds);
    await trx.updateTable('resource_categories').set({ name: body.name, colour: body.colour, display_order: body.order }).where('id', '=', id).execute();
    await writeRules(trx, id, body.ruleRowIds);
    const after = present(await getCategory(trx, id), 'The saved category');
    await recordAudit(trx, { at: now, actorUserId, action: 'admin.category.update', target: { type: 'category', id }, before, after });
    return after;
  }));
}

/**
 * Deletes an empty category. One that still holds links is refused (409): deleting it would
 * delete its links and everyone's favourites of them, so the links are moved or deleted first.
 */
export async function deleteCategory(db: Db, actorUserId: number, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('resource_categories').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await getCategory(trx, id);
    if (!before) throw notFound('The category');
    if (before.linkCount > 0) {
      throw inUse(`This category still holds ${before.linkCount} link(s). Move them to another category or delete them first.`);
    }
    await trx.deleteFrom('resource_categories').where('id', '=', id).execute();
    await recordAudit(trx, { at: now, actorUserId, action: 'admin.category.delete', target: { type: 'category', id }, before });
  });
}
