import type { ReferralStatus } from '../../../shared/contract/referrals.js';
import {
  staffReferralPageSize, type ReferralCaseNote, type StaffReferralDetail, type StaffReferralPage, type StaffReferralSummary,
} from '../../../shared/contract/staffReferrals.js';
import type { Db } from '../../db/database.js';
import { londonIso } from '../timetable/londonTime.js';
import { referralCounts } from './supportTeam.js';
import { likePattern } from '../../db/likePattern.js';

/** What the queue may be filtered by (the route's query, already validated). */
export interface ReferralFilter {
  readonly status?: readonly ReferralStatus[];
  readonly student?: string;
  readonly page?: number;
}

/** With no status asked for: the referrals still open. */
export const openStatuses: readonly ReferralStatus[] = ['New', 'Contacted'];

/** `%` and `_` are literal in a search, not wildcards. */

function referralRows(db: Db) {
  return db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.student_user_id')
    .leftJoin('profiles as p', 'p.user_id', 'r.student_user_id');
}

function filtered(db: Db, filter: ReferralFilter) {
  const statuses = filter.status && filter.status.length > 0 ? filter.status : openStatuses;
  let query = referralRows(db).where('r.status', 'in', [...statuses]);
  if (filter.student) {
    const pattern = likePattern(filter.student);
    query = query.where((eb) => eb.or([eb('u.display_name', 'ilike', pattern), eb('u.student_id', 'ilike', pattern), eb('u.user_name', '=', filter.student ?? '')]));
  }
  return query;
}

const summaryColumns = [
  'r.id', 'r.notes', 'r.status', 'r.created_at', 'r.status_changed_at', 'u.display_name', 'u.student_id', 'p.programme',
] as const;

interface SummaryRow {
  readonly id: number;
  readonly notes: string;
  readonly status: ReferralStatus;
  readonly created_at: Date;
  readonly status_changed_at: Date | null;
  readonly display_name: string;
  readonly student_id: string | null;
  readonly programme: string | null;
}

const toSummary = (row: SummaryRow): StaffReferralSummary => ({
  rowId: row.id,
  studentName: row.display_name,
  studentId: row.student_id,
  programme: row.programme,
  notes: row.notes,
  status: row.status,
  sentAt: londonIso(row.created_at),
  statusChangedAt: londonIso(row.status_changed_at ?? row.created_at),
});

/** One page of the queue, newest first, with the count of every status. */
export async function referralQueue(db: Db, filter: ReferralFilter): Promise<StaffReferralPage> {
  const page = filter.page ?? 1;
  const pageSize = staffReferralPageSize;
  const [rows, count, counts] = await Promise.all([
    filtered(db, filter)
      .select([...summaryColumns])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    referralCounts(db),
  ]);
  return { items: rows.map(toSummary), total: Number(count.n), page, pageSize, counts };
}

/** One referral with the student's address and the team's case notes (oldest first); undefined when there is none. */
export async function referralDetail(db: Db, referralId: number): Promise<StaffReferralDetail | undefined> {
  const row = await referralRows(db).select([...summaryColumns, 'u.email']).where('r.id', '=', referralId).executeTakeFirst();
  if (!row) return undefined;
  const notes = await db
    .selectFrom('referral_case_notes as n')
    .leftJoin('users as a', 'a.id', 'n.author_user_id')
    .select(['n.id', 'n.status_before', 'n.status', 'n.note', 'n.created_at', 'a.display_name'])
    .where('n.referral_id', '=', referralId)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  const caseNotes = notes.map((note): ReferralCaseNote => ({
    rowId: note.id,
    statusBefore: note.status_before,
    status: note.status,
    note: note.note,
    authorName: note.display_name,
    at: londonIso(note.created_at),
  }));
  return { ...toSummary(row), studentEmail: row.email, caseNotes };
}
