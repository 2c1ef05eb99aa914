import type { FavouriteTrending } from '../../../shared/contract/favourites.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { isForeignKeyViolation } from '../../db/sqlErrors.js';

/**
 * `wpPostRowId` is the trending item's rowId (trending_items.id), stable across WordPress refreshes
 * because WordPress posts are upserted by their post id. DELETE …/:rowId takes the same id.
 * Listed newest first.
 */
export async function listFavouriteTrending(db: Db, userId: number): Promise<FavouriteTrending[]> {
  const rows = await db
    .selectFrom('favourite_trending as f')
    .innerJoin('trending_items as t', 't.id', 'f.trending_item_id')
    .where('f.user_id', '=', userId)
    .select(['t.id', 't.title', 't.url'])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
  return rows.map((row) => ({ wpPostRowId: row.id, title: row.title, url: row.url }));
}

const itemNotFound = () => notFound('The trending item');

/** Idempotent: a second (or concurrent) add keeps the one row and answers the same favourite. */
export async function addFavouriteTrending(db: Db, userId: number, itemId: number, now: Date): Promise<FavouriteTrending> {
  const item = await db.selectFrom('trending_items').select(['id', 'title', 'url']).where('id', '=', itemId).executeTakeFirst();
  if (!item) throw itemNotFound();
  try {
    await db
      .insertInto('favourite_trending')
      .values({ user_id: userId, trending_item_id: itemId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'trending_item_id']).doNothing())
      .execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw itemNotFound();
    throw error;
  }
  return { wpPostRowId: item.id, title: item.title, url: item.url };
}

/** Idempotent: removing a favourite the caller does not have succeeds. */
export async function removeFavouriteTrending(db: Db, userId: number, itemId: number): Promise<void> {
  await db.deleteFrom('favourite_trending').where('user_id', '=', userId).where('trending_item_id', '=', itemId).execute();
}
