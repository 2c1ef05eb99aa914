import { sql } from 'kysely';
import {
  absenceListPaging, formatAbsenceListCursor, type AbsenceListCursor, type AbsenceListQuery, type AbsenceRequest,
} from '../../../shared/contract/absences.js';
import type { Db } from '../../db/database.js';
import { filesOf, requestColumns, toAbsenceRequest } from './absences.queries.js';

export interface AbsencePage {
  readonly requests: AbsenceRequest[];
  /** The whole list's length. */
  readonly total: number;
  /** Where the next page starts (the last request of this one); undefined on the last page. */
  readonly next: string | undefined;
}

/**
 * One page of the student's requests, latest start first, then rowId (both descending), after the
 * cursor: a keyset, so a request created or changed between pages neither repeats nor skips one
 * (`absence_requests_student_list_idx` serves it). Three queries whatever the page's size: the
 * page (one row more than asked, to know whether another follows), its files, and the count.
 */
export async function requestPageOf(db: Db, userId: number, studentId: string, query: AbsenceListQuery): Promise<AbsencePage> {
  const limit = query.limit ?? absenceListPaging.defaultLimit;
  let rows = db
    .selectFrom('absence_requests')
    .select(requestColumns)
    // The cursor of each row, to the microsecond (a JavaScript Date keeps milliseconds only).
    .select(sql<string>`to_char(absence_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_start'))
    .where('student_user_id', '=', userId);
  if (query.cursor) rows = rows.where(sql<boolean>`(absence_start, id) < (${query.cursor.start}::timestamptz, ${query.cursor.rowId})`);
  const [found, counted] = await Promise.all([
    rows.orderBy('absence_start', 'desc').orderBy('id', 'desc').limit(limit + 1).execute(),
    db.selectFrom('absence_requests').select((eb) => eb.fn.countAll<string>().as('total')).where('student_user_id', '=', userId).executeTakeFirst(),
  ]);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  const files = await filesOf(db, page.map((row) => row.id));
  return {
    requests: page.map((row) => toAbsenceRequest(row, files, studentId)),
    total: Number(counted?.total ?? 0),
    next: found.length > limit && last ? formatAbsenceListCursor({ start: last.cursor_start, rowId: last.id } satisfies AbsenceListCursor) : undefined,
  };
}

/**
 * A weak ETag of one page of the list as of `version` (the list's `cache_versions` entry): the
 * same for every page of one state of the list, up to the page's position, so a 304 to the first
 * page means no page changed. The version is read before the rows, so a tag is never newer than
 * its body.
 */
export function absencePageEtag(version: number, query: AbsenceListQuery): string {
  const position = query.cursor ? formatAbsenceListCursor(query.cursor) : 'first';
  return `W/"absences-${version}-${query.limit ?? absenceListPaging.defaultLimit}-${position}"`;
}

/** The next page's URL, with the same limit as this one. */
export function nextPageUrl(path: string, query: AbsenceListQuery, next: string): string {
  const search = new URLSearchParams({ limit: String(query.limit ?? absenceListPaging.defaultLimit), cursor: next });
  return `${path}?${search.toString()}`;
}
