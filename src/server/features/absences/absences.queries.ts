import type { AbsenceCategory, AbsenceRequest } from '../../../shared/contract/absences.js';
import type { Db } from '../../db/database.js';
import type { AbsenceStatus } from '../../db/schema.domain.js';
import { editableStatuses } from '../../../shared/rules/absences/status.js';
import { londonIso } from '../timetable/londonTime.js';

export interface RequestRow {
  readonly id: number;
  readonly category_id: number;
  readonly absence_start: Date;
  readonly absence_end: Date;
  readonly description: string | null;
  readonly status: AbsenceStatus;
  readonly message_to_student: string | null;
  readonly last_modified: Date;
  readonly evidence_added_at: Date | null;
}

export interface FileRow {
  readonly id: number;
  readonly request_id: number;
  readonly file_name: string;
  readonly content_type: string;
  readonly storage_key: string;
}

export const requestColumns = ['id', 'category_id', 'absence_start', 'absence_end', 'description', 'status', 'message_to_student', 'last_modified', 'evidence_added_at'] as const;

/** Active categories in display order. */
export async function activeCategories(db: Db): Promise<AbsenceCategory[]> {
  const rows = await db
    .selectFrom('absence_categories')
    .select(['id', 'name', 'description', 'absence_type', 'requires_description', 'requires_evidence'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    rowId: row.id,
    absenceCategoryName: row.name,
    absenceCategoryDescription: row.description,
    absenceType: row.absence_type,
    requiresDescription: row.requires_description,
    requiresEvidence: row.requires_evidence,
  }));
}

/** A request of this student, or undefined (another student's request is as good as missing). */
export async function ownRequest(db: Db, userId: number, requestId: number): Promise<RequestRow | undefined> {
  return db
    .selectFrom('absence_requests')
    .select(requestColumns)
    .where('id', '=', requestId)
    .where('student_user_id', '=', userId)
    .executeTakeFirst();
}

export async function filesOf(db: Db, requestIds: readonly number[]): Promise<FileRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('absence_files')
    .select(['id', 'request_id', 'file_name', 'content_type', 'storage_key'])
    .where('request_id', 'in', requestIds)
    .orderBy('id')
    .execute();
}

/** A file of a request of this student, or undefined. */
export async function ownFile(db: Db, userId: number, requestId: number, fileId: number): Promise<FileRow | undefined> {
  return db
    .selectFrom('absence_files as f')
    .innerJoin('absence_requests as r', 'r.id', 'f.request_id')
    .select(['f.id', 'f.request_id', 'f.file_name', 'f.content_type', 'f.storage_key'])
    .where('f.id', '=', fileId)
    .where('r.id', '=', requestId)
    .where('r.student_user_id', '=', userId)
    .executeTakeFirst();
}

/** The student's registration status; undefined when there is no profile row. */
export async function registrationStatusOf(db: Db, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('profiles').select('registration_status').where('user_id', '=', userId).executeTakeFirst();
  return row?.registration_status;
}

export function toAbsenceRequest(row: RequestRow, files: readonly FileRow[], studentId: string): AbsenceRequest {
  return {
    rowId: row.id,
    studentId,
    absenceCategoryRowId: row.category_id,
    absenceStart: londonIso(row.absence_start),
    absenceEnd: londonIso(row.absence_end),
    absenceDescription: row.description,
    absenceStatus: row.status,
    messageToStudent: row.message_to_student,
    supportingFiles: files.filter((file) => file.request_id === row.id).map((file) => ({ rowId: file.id, fileName: file.file_name })),
    lastModified: londonIso(row.last_modified),
    // Only while it waits for review again: once decided, the evidence is simply part of the request.
    evidenceAddedAt: row.status === 'Pending' && row.evidence_added_at ? londonIso(row.evidence_added_at) : null,
  };
}

/** The bytes of evidence a user keeps on the requests they can still edit, leaving out the files `except` names. */
export async function storedBytesOf(db: Db, userId: number, except: readonly number[] = []): Promise<number> {
  let query = db
    .selectFrom('absence_files as f')
    .innerJoin('absence_requests as r', 'r.id', 'f.request_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('f.size_bytes'), eb.lit(0)).as('total'))
    .where('r.student_user_id', '=', userId)
    // Only requests the student can still edit: a decided or cancelled one's evidence belongs to the
    // school's record and cannot be removed, so counting it could lock a student out for good.
    .where('r.status', 'in', editableStatuses);
  if (except.length > 0) query = query.where('f.id', 'not in', except);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}
