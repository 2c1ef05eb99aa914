import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { sql } from 'kysely';
import { absence } from '../../../shared/constants.js';
import type { AbsenceRequest } from '../../../shared/contract/absences.js';
import { absenceMessages, editableStatuses, enrolmentReadOnlyMessage, isEditableStatus, withdrawOutcome } from '../../../shared/rules/absences/index.js';
import type { SessionUser } from '../../auth/session.service.js';
import type { Db } from '../../db/database.js';
import { londonInstant } from '../../calendar/academicCalendar.js';
import { HttpError, notFound, type FieldErrors } from '../../http/errors.js';
import { checkAbsenceFields, type AbsenceFields } from './absenceForm.js';
import { activeCategories, filesOf, ownRequest, registrationStatusOf, storedBytesOf, toAbsenceRequest } from './absences.queries.js';
import { rederiveRecordsForAbsence } from '../attendance/closeRegisters.service.js';
import { absenceDateLimits } from './dateLimits.js';
import type { FileStore } from './fileStore.js';
import { Notifier } from '../notifications/notify.service.js';
import { absenceSpanLabel } from '../../../shared/format/absenceSpan.js';
import type { AbsenceForm, UploadedFile } from './multipartForm.js';

export interface AbsenceDeps {
  readonly db: Db;
  readonly store: FileStore;
  readonly log: FastifyBaseLogger;
  /** Evidence bytes one user may keep across all their requests (UPLOAD_QUOTA_MB). */
  readonly quotaBytes: number;
  /** Requests one student may create in any hour (ABSENCE_REQUESTS_PER_HOUR). */
  readonly requestsPerHour: number;
  readonly clock: Clock;
  /** Tells the reviewers when evidence they asked for arrives. */
  readonly notifier: Notifier;
}

const INVALID = 'The absence request could not be saved.';
const tooManyFiles = `A request can have at most ${absence.maxFilesPerRequest} files. Remove some before adding more.`;
const notEditable = (): HttpError =>
  new HttpError(400, 'validation', 'This absence request can no longer be edited.', { absenceStatus: ['Only Pending or AwaitingEvidence requests can be edited.'] });

const studentIdOf = (user: SessionUser): string => user.studentId ?? '';

/** Creating, editing and withdrawing need full enrolment (SPEC §4); 403 with the read-only message. */
export async function assertFullyEnrolled(db: Db, userId: number): Promise<void> {
  const message = enrolmentReadOnlyMessage(await registrationStatusOf(db, userId));
  if (message) throw new HttpError(403, 'forbidden', message, { enrolment: [message] });
}

function instantOf(local: string): Date {
  const [date = '', time = ''] = local.split('T');
  return londonInstant(date, time);
}

const megabytes = (bytes: number): string => `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;
const newBytes = (form: AbsenceForm): number => form.files.reduce((sum, file) => sum + file.size, 0);

/** The quota message when the user's kept files plus the form's new ones exceed `quotaBytes`. */
async function quotaError(db: Db, userId: number, filesToDelete: readonly number[], form: AbsenceForm, quotaBytes: number): Promise<string | undefined> {
  if (form.files.length === 0) return undefined;
  const total = (await storedBytesOf(db, userId, filesToDelete)) + newBytes(form);
  if (total <= quotaBytes) return undefined;
  return `These files would bring your stored evidence to ${megabytes(total)}, over your limit of ${megabytes(quotaBytes)}. Remove some files, here or from other requests, and try again.`;
}

/** Validates the whole form; throws one 400 with every error (file errors included) keyed by field. */
async function validated(deps: AbsenceDeps, userId: number, form: AbsenceForm, mode: 'create' | 'edit', existingFileIds: readonly number[]): Promise<AbsenceFields> {
  const { db } = deps;
  const categories = await activeCategories(db);
  const { value, errors } = checkAbsenceFields(form.fields, {
    mode,
    categories,
    limits: absenceDateLimits(deps.clock.now()),
    evidenceCount: (toDelete) => form.files.length + existingFileIds.filter((id) => !toDelete.includes(id)).length,
  });
  const all: FieldErrors = { ...errors };
  if (form.fileErrors.length > 0) all.supportingFiles = [...form.fileErrors, ...(all.supportingFiles ?? [])];
  if (value && !value.filesToDelete.every((id) => existingFileIds.includes(id))) {
    all.SupportingFilesToDelete = ['A file to delete is not attached to this request.'];
  }
  const toDelete = value?.filesToDelete ?? [];
  const fileCount = form.files.length + existingFileIds.filter((id) => !toDelete.includes(id)).length;
  if (fileCount > absence.maxFilesPerRequest) {
    (all.supportingFiles ??= []).push(tooManyFiles);
  }
  const overQuota = await quotaError(db, userId, toDelete, form, deps.quotaBytes);
  if (overQuota) (all.supportingFiles ??= []).push(overQuota);
  // Wall-clock order can differ from instant order around a clock change; the instants decide.
  if (value && Object.keys(all).length === 0 && instantOf(value.end) <= instantOf(value.start)) all.dateRange = [absenceMessages.endAfterStart];
  if (!value || Object.keys(all).length > 0) throw new HttpError(400, 'validation', INVALID, all);
  return value;
}

/**
 * Checks the file count and the quota again inside the write transaction, under a lock on the
 * user's row, so that two uploads at once cannot both take room that is there for only one.
 */
async function assertRoomLocked(trx: Db, deps: AbsenceDeps, userId: number, requestId: number | undefined, filesToDelete: readonly number[], form: AbsenceForm): Promise<void> {
  if (form.files.length === 0) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const kept = requestId === undefined ? [] : (await filesOf(trx, [requestId])).filter((file) => !filesToDelete.includes(file.id));
  if (kept.length + form.files.length > absence.maxFilesPerRequest) throw new HttpError(400, 'validation', INVALID, { supportingFiles: [tooManyFiles] });
  const overQuota = await quotaError(trx, userId, filesToDelete, form, deps.quotaBytes);
  if (overQuota) throw new HttpError(400, 'validation', INVALID, { supportingFiles: [overQuota] });
}

/**
 * Stores the received files (FileStore.commit), then runs `write` (a transaction inserting their
 * rows); when anything fails the stored files are removed again, so a refused request keeps nothing.
 */
async function withStoredFiles<T>(deps: AbsenceDeps, files: readonly UploadedFile[], write: (keys: string[]) => Promise<T>): Promise<T> {
  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await deps.store.commit(file.incomingPath));
    return await write(keys);
  } catch (error) {
    await deps.store.remove(keys).catch((cleanupError: unknown) => deps.log.error({ err: cleanupError }, 'absence file clean-up failed'));
    throw error;
  }
}

const fileRows = (requestId: number, files: readonly UploadedFile[], keys: readonly string[], now: Date) =>
  files.map((file, i) => ({
    created_at: now, request_id: requestId, file_name: file.fileName, content_type: file.type.contentType, size_bytes: file.size, storage_key: keys[i] ?? '',
  }));

async function loadOne(db: Db, user: SessionUser, requestId: number): Promise<AbsenceRequest> {
  const row = await ownRequest(db, user.id, requestId);
  if (!row) throw notFound('The absence request');
  return toAbsenceRequest(row, await filesOf(db, [row.id]), studentIdOf(user));
}

export const duplicateRequestMessage = 'You already have an open absence request for exactly this time. Edit that request instead.';
export const tooManyRequestsMessage = 'You have sent a lot of absence requests in the last hour. Please wait a while before sending another.';

/**
 * A new request is refused when the student already has an open one (Pending or AwaitingEvidence)
 * for exactly the same span (409), or has created ABSENCE_REQUESTS_PER_HOUR in the last hour (429):
 * one student once filled the review queue with 839 copies in 20 seconds. Checked under a lock on
 * the student's row, so requests sent at once are counted one after another.
 */
async function assertNotFlooding(trx: Db, deps: AbsenceDeps, userId: number, fields: AbsenceFields, now: Date): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const duplicate = await trx
    .selectFrom('absence_requests')
    .select('id')
    .where('student_user_id', '=', userId)
    .where('status', 'in', [...editableStatuses])
    .where('absence_start', '=', instantOf(fields.start))
    .where('absence_end', '=', instantOf(fields.end))
    .executeTakeFirst();
  if (duplicate) throw new HttpError(409, 'conflict', duplicateRequestMessage, { dateRange: [duplicateRequestMessage] });
  const { count } = await trx
    .selectFrom('absence_requests')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('student_user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - 3_600_000))
    .executeTakeFirstOrThrow();
  if (Number(count) >= deps.requestsPerHour) throw new HttpError(429, 'rateLimited', tooManyRequestsMessage, { absenceRequest: [tooManyRequestsMessage] });
}

export async function createAbsence(deps: AbsenceDeps, user: SessionUser, form: AbsenceForm): Promise<AbsenceRequest> {
  const fields = await validated(deps, user.id, form, 'create', []);
  const id = await withStoredFiles(deps, form.files, (keys) =>
    deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      await assertNotFlooding(trx, deps, user.id, fields, now);
      await assertRoomLocked(trx, deps, user.id, undefined, [], form);
      const { id } = await trx
        .insertInto('absence_requests')
        .values({
          student_user_id: user.id, category_id: fields.categoryRowId, absence_start: instantOf(fields.start),
          absence_end: instantOf(fields.end), description: fields.description, status: 'Pending',
          created_at: now, last_modified: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (form.files.length > 0) await trx.insertInto('absence_files').values(fileRows(id, form.files, keys, deps.clock.now())).execute();
      return id;
    }));
  return loadOne(deps.db, user, id);
}

/**
 * A change's new lastModified: now, but always a later whole second than the version it replaces.
 * Reviewers compare lastModified to the second, so an edit made within the second a reviewer
 * loaded the request still counts as a change (their decision is refused as stale).
 */
const nextVersion = (now: Date) => sql<Date>`greatest(${now}::timestamptz, date_trunc('second', last_modified) + interval '1 second')`;

/**
 * Edits one of the student's requests (another student's is a 404, checked first). Everything is
 * validated before anything is written; a refused update changes nothing and keeps every file.
 */
export async function updateAbsence(deps: AbsenceDeps, user: SessionUser, form: AbsenceForm, requestId: number): Promise<AbsenceRequest> {
  const row = await ownRequest(deps.db, user.id, requestId);
  if (!row) throw notFound('The absence request');
  if (!isEditableStatus(row.status)) throw notEditable();
  const existing = await filesOf(deps.db, [row.id]);
  const fields = await validated(deps, user.id, form, 'edit', existing.map((file) => file.id));

  const removedKeys = await withStoredFiles(deps, form.files, (keys) =>
    deps.db.transaction().execute(async (trx) => {
      await assertRoomLocked(trx, deps, user.id, row.id, fields.filesToDelete, form);
      const now = deps.clock.now();
      // The status is read again under a lock: a request approved meanwhile is not changed.
      const current = await trx.selectFrom('absence_requests').select('status').where('id', '=', row.id).forUpdate().executeTakeFirst();
      if (!current || !isEditableStatus(current.status)) throw notEditable();
      // Evidence added to a request the office asked evidence for sends it back to review (issue 31).
      const sendsBack = current.status === 'AwaitingEvidence' && form.files.length > 0;
      await trx
        .updateTable('absence_requests')
        .set({
          category_id: fields.categoryRowId, absence_start: instantOf(fields.start), absence_end: instantOf(fields.end),
          description: fields.description, last_modified: nextVersion(now),
          ...(sendsBack ? { status: 'Pending' as const, evidence_added_at: now } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      if (sendsBack) await tellReviewers(trx, deps, user, row.id, fields, now);
      const removed = fields.filesToDelete.length === 0 ? [] : await trx
        .deleteFrom('absence_files')
        .where('request_id', '=', row.id)
        .where('id', 'in', fields.filesToDelete)
        .returning('storage_key')
        .execute();
      if (form.files.length > 0) await trx.insertInto('absence_files').values(fileRows(row.id, form.files, keys, deps.clock.now())).execute();
      return removed.map((file) => file.storage_key);
    }));
  // Only after the commit: a failed update keeps every file it had.
  await deps.store.remove(removedKeys).catch((error: unknown) => deps.log.error({ err: error }, 'absence file removal failed'));
  return loadOne(deps.db, user, row.id);
}

/**
 * Tells the absence reviewers (the members of the absence-review directory groups) that evidence
 * they asked for has arrived, in the update's transaction: the notification exists only if the
 * request went back to review. Its link opens the request in the queue.
 */
async function tellReviewers(trx: Db, deps: AbsenceDeps, user: SessionUser, requestId: number, fields: AbsenceFields, now: Date): Promise<void> {
  const groups = await trx.selectFrom('directory_groups').select('id').where('is_absence_review_group', '=', true).execute();
  if (groups.length === 0) return;
  const span = absenceSpanLabel(fields.start, fields.end);
  await new Notifier(trx, deps.notifier.push, deps.clock).notify({ directoryGroups: groups.map((group) => group.id) }, 'Attendance', {
    title: 'Evidence added to an absence request',
    body: `${user.displayName} added the evidence you asked for to their absence request (${span}). It is back in the review queue.`,
    url: `/staff/absences/${requestId}`,
  }, { dedupeKey: `absence-evidence:${requestId}:${now.getTime()}` });
}

/** SPEC §4 withdraw: see `withdrawOutcome` in the shared rules for the window. */
export async function cancelAbsence(db: Db, user: SessionUser, requestId: number, now: Date): Promise<AbsenceRequest> {
  const row = await ownRequest(db, user.id, requestId);
  if (!row) throw notFound('The absence request');
  await assertFullyEnrolled(db, user.id);
  const next = withdrawOutcome(row.status, row.absence_start, row.absence_end, now);
  const refused = () => new HttpError(400, 'validation', 'This absence request cannot be withdrawn.', {
    absenceStatus: [`A request that is ${row.status} cannot be withdrawn${row.status === 'Approved' ? ' once it started more than 30 days ago and has ended' : ''}.`],
  });
  if (!next) throw refused();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('absence_requests')
      .set({ status: next, last_modified: nextVersion(now) })
      .where('id', '=', row.id)
      .where('student_user_id', '=', user.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw refused();
    // Closed classes it covered lose (or keep) their authorised/informed records with it.
    await rederiveRecordsForAbsence(trx, row.id);
  });
  return loadOne(db, user, row.id);
}

