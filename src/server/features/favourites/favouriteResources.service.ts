import type { FavouriteResource } from '../../../shared/contract/favourites.js';
import type { Db } from '../../db/database.js';
import { findVisibleLink, linkNotFound } from '../resources/resources.service.js';
import { visibleLinks } from '../resources/visibility.js';
import { isForeignKeyViolation } from '../../db/sqlErrors.js';

/**
 * A favourite resource is identified by its link: `rowId` is the link's rowId, the one the client
 * shows, so DELETE …/:rowId removes the caller's favourite of that link. Favourites of links the
 * caller may no longer see (a targeting rule was added) are kept but not listed. Newest first.
 */
export async function listFavouriteResources(db: Db, userId: number): Promise<FavouriteResource[]> {
  const rows = await visibleLinks(db, userId)
    .innerJoin('favourite_resources as f', 'f.link_id', 'l.id')
    .where('f.user_id', '=', userId)
    .select(['l.id', 'l.display_name', 'l.url'])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
  return rows.map((row) => ({ rowId: row.id, displayName: row.display_name, url: row.url }));
}

/** Idempotent: a second (or concurrent) add keeps the one row and answers the same favourite. */
export async function addFavouriteResource(db: Db, userId: number, linkId: number, now: Date): Promise<FavouriteResource> {
  const link = await findVisibleLink(db, userId, linkId);
  if (!link) throw linkNotFound();
  try {
    await db
      .insertInto('favourite_resources')
      .values({ user_id: userId, link_id: linkId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'link_id']).doNothing())
      .execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw linkNotFound(); // the link was deleted meanwhile
    throw error;
  }
  return { rowId: link.rowId, displayName: link.displayName, url: link.url };
}

/** Idempotent: removing a favourite the caller does not have succeeds. Only the caller's own row is touched. */
export async function removeFavouriteResource(db: Db, userId: number, linkId: number): Promise<void> {
  await db.deleteFrom('favourite_resources').where('user_id', '=', userId).where('link_id', '=', linkId).execute();
}
