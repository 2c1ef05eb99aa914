import { sql, type Transaction } from 'kysely';
import { linkIconNames, type AdminLink, type LinkBody } from '../../../shared/contract/adminAudience.js';
import { recordAudit } from '../../audit/auditLog.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { assertAllFound } from './adminErrors.js';
import { assertRulesExist } from './rules.service.js';
import { present } from '../../../shared/guards.js';
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

export async function listLinks(db: Db, now: Date): Promise<AdminLink[]> {
  return (await linkQuery(db, now).execute()).map(toLink);
}

async function getLink(db: Db | Transaction<Database>, id: number, now: Date): Promise<AdminLink | undefined> {
  const row = await linkQuery(db, now).where('l.id', '=', id).executeTakeFirst();
  return row ? toLink(row) : undefined;
}

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

export async function createLink(db: Db, actorUserId: number, body: LinkBody, now: Date): Promise<AdminLink> {
  return db.transaction().execute(async (trx) => {
    await checkReferences(trx, body);
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
    const after = present(await getLink(trx, id, now), 'The saved link');
    await recordAudit(trx, { at: now, actorUserId, action: 'admin.link.create', target: { type: 'link', id }, after });
    return after;
  });
}

export async function updateLink(db: Db, actorUserId: number, id: number, body: LinkBody, now: Date): Promise<AdminLink> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('resource_links').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await getLink(trx, id, now);
    if (!before) throw notFound('The link');
    await checkReferences(trx, body);
    await trx.updateTable('resource_links').set(columnsOf(body)).where('id', '=', id).execute();
    await writeRules(trx, id, body.ruleRowIds);
    const after = present(await getLink(trx, id, now), 'The saved link');
    await recordAudit(trx, { at: now, actorUserId, action: 'admin.link.update', target: { type: 'link', id }, before, after });
    return after;
  });
}

/** Deletes a link; its opens and the favourites naming it go with it (the audit keeps the count). */
export async function deleteLink(db: Db, actorUserId: number, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('resource_links').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const before = await getLink(trx, id, now);
    if (!before) throw notFound('The link');
    await trx.deleteFrom('resource_links').where('id', '=', id).execute();
    await recordAudit(trx, {
      at: now,
      actorUserId, action: 'admin.link.delete', target: { type: 'link', id }, before,
      context: { favouritesRemoved: before.favouriteCount },
    });
  });
}
