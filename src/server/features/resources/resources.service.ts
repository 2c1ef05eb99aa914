import type { ResourceCategory, ResourceLink, Resources } from '../../../shared/contract/resources.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { linkColumns, visibleLinks, type LinkRow } from './visibility.js';

/** popularResources counts the opens of the last 28 days (a rolling four weeks, so term-time habits show). */
export const POPULAR_WINDOW_DAYS = 28;
/** How many popular links are returned, most opened first, ties by name. */
export const POPULAR_LIMIT = 6;

const DAY_MS = 24 * 60 * 60 * 1000;

export const toResourceLink = (row: LinkRow): ResourceLink => ({
  rowId: row.id,
  displayName: row.display_name,
  url: row.url,
  description: row.description,
});

/** Categories with the links `userId` may see, in display order; a category with none is left out. */
async function loadCategories(db: Db, userId: number): Promise<ResourceCategory[]> {
  const rows = await visibleLinks(db, userId)
    .select([...linkColumns, 'l.display_order', 'c.id as category_id', 'c.name as category_name', 'c.colour'])
    .orderBy('c.display_order')
    .orderBy('c.name')
    .orderBy('l.display_order')
    .orderBy('l.display_name')
    .execute();
  const categories = new Map<number, ResourceCategory>();
  for (const row of rows) {
    let category = categories.get(row.category_id);
    if (!category) {
      category = { rowId: row.category_id, categoryName: row.category_name, colour: row.colour, categoryLinks: [] };
      categories.set(row.category_id, category);
    }
    category.categoryLinks.push({ link: toResourceLink(row), order: row.display_order });
  }
  return [...categories.values()];
}

/** The visible links opened most in the window; links nobody opened are not "popular". */
async function loadPopular(db: Db, userId: number, now: Date): Promise<ResourceLink[]> {
  const since = new Date(now.getTime() - POPULAR_WINDOW_DAYS * DAY_MS);
  const rows = await visibleLinks(db, userId)
    .innerJoin('resource_link_opens as o', 'o.link_id', 'l.id')
    .where('o.opened_at', '>=', since)
    .select([...linkColumns, (eb) => eb.fn.countAll<number>().as('opens')])
    .groupBy('l.id')
    .orderBy('opens', 'desc')
    .orderBy('l.display_name')
    .orderBy('l.id')
    .limit(POPULAR_LIMIT)
    .execute();
  return rows.map(toResourceLink);
}

export async function loadResources(db: Db, userId: number, now: Date): Promise<Resources> {
  const [categories, popularResources] = await Promise.all([loadCategories(db, userId), loadPopular(db, userId, now)]);
  return { categories, popularResources };
}

/** A link `userId` may see, or undefined (whether it is hidden or does not exist). */
export async function findVisibleLink(db: Db, userId: number, linkId: number): Promise<ResourceLink | undefined> {
  const row = await visibleLinks(db, userId).select(linkColumns).where('l.id', '=', linkId).executeTakeFirst();
  return row && toResourceLink(row);
}

export const linkNotFound = () => notFound('The resource link');

/**
 * Counts one open of a link by `userId`; a link they may not see is "not found", never "forbidden".
 * A request replayed with the same Idempotency-Key (the outbox after a lost answer) is answered by
 * the route layer and counts once.
 */
export async function recordOpen(db: Db, userId: number, linkId: number, now: Date): Promise<void> {
  if (!(await findVisibleLink(db, userId, linkId))) throw linkNotFound();
  await db.insertInto('resource_link_opens').values({ link_id: linkId, user_id: userId, opened_at: now }).execute();
}
