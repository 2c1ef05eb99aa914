import type { ResourceCategory, ResourceLink } from '../../../shared/contract/resources';

/** Case- and accent-insensitive form of a name or search text. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();
}

/** Whether a link's name contains the search text; an empty search matches everything. */
export function matchesSearch(displayName: string, search: string): boolean {
  const wanted = fold(search);
  return wanted === '' || fold(displayName).includes(wanted);
}

/** Category view: each category's links in their order, filtered by name; empty categories are left out. */
export function filterCategories(categories: readonly ResourceCategory[], search: string): ResourceCategory[] {
  return categories
    .map((category) => ({
      ...category,
      categoryLinks: [...category.categoryLinks]
        .sort((a, b) => a.order - b.order)
        .filter(({ link }) => matchesSearch(link.displayName, search)),
    }))
    .filter((category) => category.categoryLinks.length > 0);
}

/** Flat view: every link once, A to Z by name, filtered by name. */
export function flatLinks(categories: readonly ResourceCategory[], search: string): ResourceLink[] {
  const byRowId = new Map<number, ResourceLink>();
  for (const category of categories) {
    for (const { link } of category.categoryLinks) byRowId.set(link.rowId, link);
  }
  return [...byRowId.values()]
    .filter((link) => matchesSearch(link.displayName, search))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'en-GB', { sensitivity: 'base' }));
}

/** How many distinct links a category list holds (a link may sit in two categories). */
export function countLinks(categories: readonly ResourceCategory[]): number {
  return new Set(categories.flatMap((category) => category.categoryLinks.map(({ link }) => link.rowId))).size;
}

/** What the polite live region says while searching; nothing when there is no search. */
export function searchResultText(count: number, search: string): string {
  if (search.trim() === '') return '';
  if (count === 0) return 'No links found';
  return count === 1 ? '1 link found' : `${count} links found`;
}
