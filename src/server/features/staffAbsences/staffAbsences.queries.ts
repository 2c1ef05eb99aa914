import { sql } from 'kysely';
import type { AbsenceDecisionRecord, CoveredClass, StaffAbsenceCounts, StaffAbsenceDetail, StaffAbsencePage } from '../../../shared/contract/staffAbsences.js';
import type { AbsenceStatus } from '../../db/schema.domain.js';
import { awaitingReviewStatuses, decisionUndoWindowMs, findDecision } from '../../../shared/rules/absences/decisions.js';
import { addLocalDays } from '../../../shared/rules/absences/dates.js';
import { academicYearLabelOf, academicYearOf, londonInstant } from '../../calendar/academicCalendar.js';
import { enrolledGroups } from '../timetable/membership.js';
import type { Db } from '../../db/database.js';
import { filesOf, toAbsenceRequest, type FileRow } from '../absences/absences.queries.js';
import { ownRecords } from '../attendance/analysis.queries.js';
import { analyse } from '../attendance/attendance.rules.js';
import { londonIso } from '../timetable/londonTime.js';
import { likePattern } from '../../db/likePattern.js';

/** What the review queue may be filtered by (the route's query, already validated). */
export interface QueueFilter {
  readonly status?: readonly AbsenceStatus[];
  readonly module?: string;
  readonly from?: string;
  readonly to?: string;
  readonly category?: number;
  readonly student?: string;
  readonly page?: number;
  readonly pageSize?: number;
}

export const defaultPageSize = 20;
/** A request covers at most this many classes in the detail (a year of full days is far fewer). */
const COVERED_LIMIT = 300;

const eventEnd = sql<Date>`e.starts_at + e.duration_minutes * interval '1 minute'`;
/** `%` and `_` are literal in a search, not wildcards. */

function filtered(db: Db, filter: QueueFilter) {
  const statuses = filter.status && filter.status.length > 0 ? filter.status : awaitingReviewStatuses;
  let query = db
    .selectFrom('absence_requests as r')
    .innerJoin('users as u', 'u.id', 'r.student_user_id')
    .innerJoin('absence_categories as c', 'c.id', 'r.category_id')
    .where('r.status', 'in', [...statuses]);
  if (filter.category !== undefined) query = query.where('r.category_id', '=', filter.category);
  if (filter.from) query = query.where('r.absence_end', '>', londonInstant(filter.from, '00:00'));
  if (filter.to) query = query.where('r.absence_start', '<', londonInstant(addLocalDays(filter.to, 1), '00:00'));
  if (filter.student) {
    const pattern = likePattern(filter.student);
    query = query.where((eb) => eb.or([eb('u.display_name', 'ilike', pattern), eb('u.student_id', 'ilike', pattern), eb('u.user_name', '=', filter.student ?? '')]));
  }
  if (filter.module) {
    const code = filter.module.toUpperCase();
    // A class of that module, on the student's enrolment, that the absence overlaps.
    query = query.where((eb) => eb.exists(
      eb.selectFrom('timetable_events as e')
        .innerJoin('modules as m', 'm.id', 'e.module_id')
        .innerJoin('enrolments as en', (join) => join.onRef('en.group_id', '=', 'e.group_id').onRef('en.student_user_id', '=', 'r.student_user_id'))
        .select(sql`1`.as('one'))
        .where('en.is_active', '=', true)
        .where('e.is_active', '=', true)
        .where(sql<string>`upper(m.code)`, '=', code)
        .whereRef('e.starts_at', '<', 'r.absence_end')
        .where(eventEnd, '>', sql.ref<Date>('r.absence_start')),
    ));
  }
  return query;
}

/** When the student added the evidence asked for, while the request is Pending again; else null. */
const evidenceAdded = sql<Date | null>`case when r.status = 'Pending' then r.evidence_added_at end`;

/**
 * One page of the review queue: the requests whose asked-for evidence has arrived first, then the
 * rest, each part oldest first by the time each request reached its status.
 */
export async function reviewQueue(db: Db, filter: QueueFilter): Promise<StaffAbsencePage> {
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? defaultPageSize;
  const [rows, count, categories] = await Promise.all([
    filtered(db, filter)
      .select((eb) => [
        'r.id', 'u.display_name', 'u.student_id', 'r.absence_start', 'r.absence_end', 'r.status', 'c.name as category_name',
        'c.absence_type', 'r.created_at', 'r.status_changed_at', 'r.last_modified', evidenceAdded.as('evidence_added_at'),
        eb.selectFrom('absence_files as f').select((f) => f.fn.countAll<string>().as('n')).whereRef('f.request_id', '=', 'r.id').as('file_count'),
      ])
      // Evidence the office asked for, now sent: those requests head the queue (oldest first among
      // them), then every other request by when it last needed a decision, oldest first.
      .orderBy(sql`${evidenceAdded} is null`)
      .orderBy('r.status_changed_at')
      .orderBy('r.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('absence_categories')
      .select(['id', 'name', 'description', 'absence_type', 'requires_description', 'requires_evidence'])
      .orderBy('display_order')
      .orderBy('id')
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({
      rowId: row.id,
      studentName: row.display_name,
      studentId: row.student_id ?? '',
      absenceStart: londonIso(row.absence_start),
      absenceEnd: londonIso(row.absence_end),
      absenceStatus: row.status,
      categoryName: row.category_name,
      absenceType: row.absence_type,
      fileCount: Number(row.file_count ?? 0),
      submittedAt: londonIso(row.created_at),
      waitingSince: londonIso(row.status_changed_at),
      lastModified: londonIso(row.last_modified),
      evidenceAddedAt: row.evidence_added_at ? londonIso(new Date(row.evidence_added_at)) : null,
    })),
    total: Number(count.n),
    page,
    pageSize,
    categories: categories.map((c) => ({
      rowId: c.id,
      absenceCategoryName: c.name,
      absenceCategoryDescription: c.description,
      absenceType: c.absence_type,
      requiresDescription: c.requires_description,
      requiresEvidence: c.requires_evidence,
    })),
  };
}

/**
 * The classes of the student's modules (enrolment in the academic years of the start and end) that
 * the absence overlaps, with the student's record of each once its register has closed.
 */
async function coveredClasses(db: Db, studentUserId: number, start: Date, end: Date): Promise<CoveredClass[]> {
  const years = [...new Set([academicYearLabelOf(start), academicYearLabelOf(end)])];
  const rows = await db
    .selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .leftJoin('attendance_records as ar', (join) => join.onRef('ar.event_id', '=', 'e.id').on('ar.student_user_id', '=', studentUserId))
    .select(['e.id', 'm.code', 'm.name', 'e.event_type', 'e.starts_at', eventEnd.as('ends_at'), 'e.is_cancelled', 'ar.analysis_result'])
    .where('e.group_id', 'in', enrolledGroups(db, studentUserId, years))
    .where('e.is_active', '=', true)
    .where('e.starts_at', '<', end)
    .where(eventEnd, '>', start)
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(COVERED_LIMIT)
    .execute();
  return rows.map((row) => ({
    rowId: row.id,
    moduleCode: row.code,
    moduleName: row.name,
    eventType: row.event_type,
    eventStart: londonIso(row.starts_at),
    eventEnd: londonIso(new Date(row.ends_at)),
    isCancelled: row.is_cancelled,
    analysisResult: row.analysis_result,
  }));
}

/** The student's attendance percentage this academic year, as their own analysis computes it. */
async function attendancePercentageOf(db: Db, studentUserId: number, now: Date): Promise<number | null> {
  const rows = await ownRecords(db, studentUserId, now);
  const records = rows.map((row) => ({
    result: row.analysis_result,
    eventStart: row.starts_at,
    academicYear: row.academic_year,
    moduleCode: row.module_code,
    moduleName: row.module_name,
  }));
  return analyse(records, now, academicYearOf(now).label).attendancePercentage;
}

/** A request as a reviewer sees it, or undefined when there is no such request. */
export async function reviewDetail(db: Db, requestId: number, now: Date): Promise<StaffAbsenceDetail | undefined> {
  const row = await db
    .selectFrom('absence_requests as r')
    .innerJoin('users as u', 'u.id', 'r.student_user_id')
    .innerJoin('absence_categories as c', 'c.id', 'r.category_id')
    .select([
      'r.id', 'r.student_user_id', 'r.category_id', 'r.absence_start', 'r.absence_end', 'r.description', 'r.status', 'r.message_to_student',
      'r.last_modified', 'r.created_at', 'r.status_changed_at', 'r.evidence_added_at', 'u.display_name', 'u.email', 'u.student_id',
      'c.name as category_name', 'c.description as category_description', 'c.absence_type', 'c.requires_description', 'c.requires_evidence',
    ])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [files, covered, attendancePercentage, lastDecision] = await Promise.all([
    filesOf(db, [row.id]),
    coveredClasses(db, row.student_user_id, row.absence_start, row.absence_end),
    attendancePercentageOf(db, row.student_user_id, now),
    lastDecisionOf(db, row.id, now),
  ]);
  return {
    request: toAbsenceRequest(row, files, row.student_id ?? ''),
    studentName: row.display_name,
    studentEmail: row.email,
    category: {
      rowId: row.category_id,
      absenceCategoryName: row.category_name,
      absenceCategoryDescription: row.category_description,
      absenceType: row.absence_type,
      requiresDescription: row.requires_description,
      requiresEvidence: row.requires_evidence,
    },
    submittedAt: londonIso(row.created_at),
    waitingSince: londonIso(row.status_changed_at),
    coveredClasses: covered,
    attendancePercentage,
    lastDecision,
  };
}

/** The request's latest decision that stands: who, when, and the end of its undo window while it lasts. */
async function lastDecisionOf(db: Db, requestId: number, now: Date): Promise<AbsenceDecisionRecord | null> {
  const row = await db
    .selectFrom('absence_decisions as d')
    .leftJoin('users as u', 'u.id', 'd.decided_by_user_id')
    .select(['d.from_status', 'd.to_status', 'd.decided_at', 'd.notified_at', 'u.display_name'])
    .where('d.request_id', '=', requestId)
    .where('d.undone_at', 'is', null)
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const undoUntil = row.decided_at.getTime() + decisionUndoWindowMs;
  return {
    label: findDecision(row.from_status, row.to_status)?.label ?? row.to_status,
    absenceStatus: row.to_status,
    decidedBy: row.display_name ?? 'A former reviewer',
    decidedAt: londonIso(row.decided_at),
    undoUntil: !row.notified_at && now.getTime() < undoUntil ? londonIso(new Date(undoUntil)) : null,
  };
}

/** How many requests wait in each part of the queue. */
export async function reviewCounts(db: Db): Promise<StaffAbsenceCounts> {
  const rows = await db
    .selectFrom('absence_requests')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n'), eb.fn.count<string>('evidence_added_at').as('with_evidence')])
    .where('status', 'in', [...awaitingReviewStatuses])
    .groupBy('status')
    .execute();
  const of = (status: AbsenceStatus) => rows.find((row) => row.status === status);
  return {
    pending: Number(of('Pending')?.n ?? 0),
    evidenceAdded: Number(of('Pending')?.with_evidence ?? 0),
    awaitingEvidence: Number(of('AwaitingEvidence')?.n ?? 0),
    pendingCancellation: Number(of('PendingCancellation')?.n ?? 0),
  };
}

/** A file of a request, whoever's it is (reviewers only), or undefined. */
export async function reviewFile(db: Db, requestId: number, fileId: number): Promise<FileRow | undefined> {
  return db
    .selectFrom('absence_files')
    .select(['id', 'request_id', 'file_name', 'content_type', 'storage_key'])
    .where('id', '=', fileId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}
