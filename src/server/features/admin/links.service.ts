import { sql, type Transaction } from 'kysely';
import { linkIconNames, type AdminLink, type LinkBody } from '../../../shared/contract/adminAudience.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { assertAllFound } from './adminErrors.js';
import { assertRulesExist } from './rules.service.js';
import { defineCollectionService } from './collection/adminCollection.service.js';
import { isOneOf } from '../../../shared/guards.js';

/** Links with their opens over the 28 days before `now`. */
function linkQuery(db: Db | Transaction<Database>, now: Date) {
  return db
    .selectFrom('resource_links as l')
    .innerJoin('resource_categories as c', 'c.id', 'l.category_id')
    .select((eb) => [
      'l.id', 'l.display_name', 'l.url', 'l.description', 'l.category_id', 'c.name as category_name', 'l.icon', 'l.is_active',
      eb.fn.coalesce(
        eb.selectFrom('resource_link_rules as lr').select(sql<number[]>`array_agg(lr.rule_id order by lr.rule_id)`.as('ids')).whereRef('lr.link_id', '=', 'l.id'),
        sql<number[]>`'{}'::integer[]`,
      ).as('rule_ids'),
      eb.selectFrom('resource_link_opens as o').select(eb.fn.countAll<number>().as('n'))
        .whereRef('o.link_id', '=', 'l.id').where('o.opened_at', '>=', new Date(now.getTime() - 28 * 86_400_000)).as('opens'),
      eb.selectFrom('favourite_resources as f').select(eb.fn.countAll<number>().as('n')).whereRef('f.link_id', '=', 'l.id').as('favourites'),
    ])
    .orderBy('c.display_order')
    .orderBy('l.display_order')
    .orderBy('l.display_name');
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof linkQuery>['executeTakeFirstOrThrow']>>;

const toLink = (row: LinkRow): AdminLink => ({
  rowId: row.id,
  displayName: row.display_name,
  url: row.url,
  description: row.description,
  categoryRowId: row.category_id,
  categoryName: row.category_name,
  icon: isOneOf(linkIconNames, row.icon) ? row.icon : null,
  ruleRowIds: row.rule_ids,
  isActive: row.is_active,
  opens28Days: Number(row.opens ?? 0),
  favouriteCount: Number(row.favourites ?? 0),
});

async function checkReferences(trx: Transaction<Database>, body: LinkBody): Promise<void> {
  const category = await trx.selectFrom('resource_categories').select('id').where('id', '=', body.categoryRowId).execute();
  assertAllFound('categoryRowId', [body.categoryRowId], category.map((c) => c.id));
  await assertRulesExist(trx, 'ruleRowIds', body.ruleRowIds);
}

async function writeRules(trx: Transaction<Database>, linkId: number, ruleIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('resource_link_rules').where('link_id', '=', linkId).execute();
  const unique = [...new Set(ruleIds)];
  if (unique.length) await trx.insertInto('resource_link_rules').values(unique.map((rule_id) => ({ link_id: linkId, rule_id }))).execute();
}

const columnsOf = (body: LinkBody) => ({
  display_name: body.displayName,
  url: body.url,
  description: body.description ? body.description : null,
  category_id: body.categoryRowId,
  icon: body.icon ?? null,
  is_active: body.isActive,
});

/** Resource links: no unique name; a delete takes its opens and the favourites naming it (the audit keeps the count). */
export const links = defineCollectionService<AdminLink, LinkBody>({
  table: 'resource_links',
  subject: 'The link',
  audit: { action: 'link', type: 'link' },
  list: async (db, now) => (await linkQuery(db, now).execute()).map(toLink),
  get: async (db, id, now) => {
    const row = await linkQuery(db, now).where('l.id', '=', id).executeTakeFirst();
    return row ? toLink(row) : undefined;
  },
  checkReferences,
  insert: async (trx, body) => {
    const last = await trx
      .selectFrom('resource_links')
      .select((eb) => eb.fn.coalesce(eb.fn.max('display_order'), sql<number>`0`).as('n'))
      .where('category_id', '=', body.categoryRowId)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('resource_links')
      .values({ ...columnsOf(body), display_order: Number(last.n) + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeRules(trx, id, body.ruleRowIds);
    return id;
  },
  update: async (trx, id, body) => {
    await trx.updateTable('resource_links').set(columnsOf(body)).where('id', '=', id).execute();
    await writeRules(trx, id, body.ruleRowIds);
  },
  deleteContext: (_trx, _id, before) => Promise.resolve({ favouritesRemoved: before.favouriteCount }),
});
