import { conditionalGet } from '../api/conditionalGet';
import { userIdOfDatabase } from '../db/names';
import type { UserDatabase } from '../db/schema';
import { applyMutations } from './mutation';
import type { ListPaging, Resource } from './registry';

/** Array.isArray, giving unknown items rather than any. */
const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

/**
 * A paged list (issue 29) is fetched a page at a time, and each page is stored as it arrives: the
 * first paint needs only the first, a connection lost part-way keeps what came, and the next check
 * goes on from the page it reached (a 304 to the first page means no page changed: the server's
 * ETag is a version of the whole list). The row's `base` holds the pages of this walk, which are
 * the server's word up to their last item; the copy held before still shows beyond that, so the
 * table never shrinks while it is refreshed, until the last page makes the list whole.
 */
export function shownWithPages(paging: ListPaging, walked: readonly unknown[], held: unknown, isWhole: boolean): unknown[] {
  if (isWhole || !isList(held)) return [...walked];
  const last = walked.at(-1);
  const walkedIds = new Set(walked.map(paging.idOf));
  const beyond = held.filter((item) => !walkedIds.has(paging.idOf(item)) && (last === undefined || paging.compare(item, last) > 0));
  return [...walked, ...beyond];
}

/**
 * Fetches the pages the row's `nextPage` leads to, one after another, storing each in its own
 * transaction. Stops when the list is whole, or when the row was replaced meanwhile (a newer first
 * page, another user's answer); rejects with the `ApiError` of a page that failed, keeping the
 * pages before it.
 */
export async function fetchRemainingPages(db: UserDatabase, resource: Resource, paging: ListPaging): Promise<void> {
  for (;;) {
    const row = await db.resources.get(resource.key);
    const url = row?.nextPage;
    if (!row || !url) return;
    const answer = await conditionalGet(resource.route, { url });
    if (!answer.isModified || !isList(answer.value)) return;
    if (answer.sessionUser && answer.sessionUser !== userIdOfDatabase(db.name)) return;
    const page = answer.value;
    const isStored = await db.transaction('rw', db.resources, db.outbox, async () => {
      const current = await db.resources.get(resource.key);
      if (!current || current.nextPage !== url || current.etag !== row.etag || current.acks !== row.acks || !isList(current.base)) return false;
      const pending = await db.outbox.where('resourceKey').equals(resource.key).sortBy('seq');
      const base: unknown[] = [...current.base, ...page];
      const { nextPage: _reached, ...rest } = current;
      await db.resources.put({
        ...rest,
        base,
        value: applyMutations(shownWithPages(paging, base, current.value, answer.nextPage === undefined), pending),
        ...(answer.nextPage ? { nextPage: answer.nextPage } : {}),
      });
      return true;
    });
    if (!isStored) return;
  }
}
