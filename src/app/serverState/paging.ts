/**
 * An infinite query's next page (TanStack Query's `getNextPageParam`) for a list the server pages
 * from 1 and answers with `{ items, total }`: the page after those loaded while fewer items are
 * shown than the total, none once all are.
 */
export function nextPageWhileShort<Page extends { readonly items: readonly unknown[]; readonly total: number }>(last: Page, pages: readonly Page[]): number | undefined {
  const shown = pages.reduce((count, page) => count + page.items.length, 0);
  return shown < last.total ? pages.length + 1 : undefined;
}
