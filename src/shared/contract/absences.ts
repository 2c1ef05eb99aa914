import { z } from './zod';
import { callDateTime, isoDateTime, repeatedField, rowId, rowIdParam, rowIdParams, text } from './common';
import { defineRoute, raw } from './route';

const studentRoles = ['Student'] as const;

export const absenceStatusSchema = z.enum([
  'Pending',
  'PendingCancellation',
  'Approved',
  'Denied',
  'AwaitingEvidence',
  'Cancelled',
]);
export type AbsenceStatus = z.infer<typeof absenceStatusSchema>;

/** Authorised absences do not count as missed; Informed ones still do. */
export const absenceTypeSchema = z.enum(['Authorised', 'Informed']);
export type AbsenceType = z.infer<typeof absenceTypeSchema>;

export const absenceCategorySchema = z.object({
  rowId,
  absenceCategoryName: z.string(),
  absenceCategoryDescription: z.string(),
  absenceType: absenceTypeSchema,
  requiresDescription: z.boolean(),
  requiresEvidence: z.boolean(),
});
export type AbsenceCategory = z.infer<typeof absenceCategorySchema>;

export const absenceConfigSchema = z.object({
  categories: z.array(absenceCategorySchema),
  dateLimits: z.object({ minimum: isoDateTime, maximum: isoDateTime }),
});
export type AbsenceConfig = z.infer<typeof absenceConfigSchema>;

export const supportingFileSchema = z.object({ rowId, fileName: z.string() });
export type SupportingFile = z.infer<typeof supportingFileSchema>;

export const absenceRequestSchema = z.object({
  rowId,
  studentId: z.string(),
  absenceCategoryRowId: rowId,
  absenceStart: isoDateTime,
  absenceEnd: isoDateTime,
  absenceDescription: z.nullish(z.string()),
  absenceStatus: absenceStatusSchema,
  messageToStudent: z.nullish(z.string()),
  supportingFiles: z.array(supportingFileSchema),
  /** Only sent on update. */
  supportingFilesToDelete: z.optional(z.array(rowId)),
  lastModified: isoDateTime,
  /**
   * When the student last added the evidence the office asked for, which sent the request back to
   * review (issue 31); null or absent otherwise.
   */
  evidenceAddedAt: z.nullish(isoDateTime),
});
export type AbsenceRequest = z.infer<typeof absenceRequestSchema>;

/** Text fields of the create form (SPEC §3 absence submission); SupportingFiles are file parts. */
export const absenceCreateFieldsSchema = z.object({
  StudentId: text(50).check(z.minLength(1)),
  AbsenceCategoryRowId: rowIdParam,
  AbsenceStart: callDateTime,
  AbsenceEnd: callDateTime,
  AbsenceDescription: z.optional(text(255, { trim: true })),
  SupportingFilesToDelete: repeatedField(rowIdParam),
});
export type AbsenceCreateFields = z.infer<typeof absenceCreateFieldsSchema>;

/** The update form: the same fields plus RowId. */
export const absenceUpdateFieldsSchema = z.extend(absenceCreateFieldsSchema, { RowId: rowIdParam });
export type AbsenceUpdateFields = z.infer<typeof absenceUpdateFieldsSchema>;

/** A timetabled event the chosen start or end falls partway through. */
export const clashingEventSchema = z.object({
  moduleName: z.string(),
  eventStart: isoDateTime,
  eventEnd: isoDateTime,
});
export type ClashingEvent = z.infer<typeof clashingEventSchema>;

/**
 * Paging of the student's list (issue 29): the newest requests first (start, then rowId, both
 * descending), at most `limit` of them, after the request a `cursor` names. A page's `Link` header
 * gives the next page's URL and `X-Total-Count` the whole list's length (see `paging.ts`).
 */
export const absenceListPaging = { defaultLimit: 100, maxLimit: 100 } as const;

/** A cursor names the last request of a page: its start in UTC to the microsecond, and its rowId. */
const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([1-9][0-9]{0,9})$/;

export interface AbsenceListCursor {
  /** `absence_start` in UTC, to the microsecond PostgreSQL keeps. */
  readonly start: string;
  readonly rowId: number;
}

export const absenceListCursor = z.pipe(
  z.pipe(
    text(40).check(z.regex(cursorPattern, 'Expected the cursor of a previous page')),
    z.transform((value: string) => {
      const [, start = '', id = ''] = cursorPattern.exec(value) ?? [];
      return { start, rowId: Number(id) };
    }),
  ),
  z.object({ start: z.iso.datetime({ precision: 6 }), rowId }),
);

export const absenceListQuerySchema = z.object({
  limit: z.optional(
    z.pipe(
      z.pipe(text(3).check(z.regex(/^[1-9][0-9]{0,2}$/, 'Expected a whole number from 1 to 100')), z.transform(Number)),
      z.int().check(z.gte(1), z.lte(absenceListPaging.maxLimit)),
    ),
  ),
  cursor: z.optional(absenceListCursor),
});
export type AbsenceListQuery = z.infer<typeof absenceListQuerySchema>;

/** The cursor text of a request's position (the server writes it into a page's next link). */
export const formatAbsenceListCursor = (cursor: AbsenceListCursor): string => `${cursor.start}_${cursor.rowId}`;

export const clashQuerySchema = z.object({ startDate: callDateTime, endDate: callDateTime });
export type ClashQuery = z.infer<typeof clashQuerySchema>;

export const absenceConfigRoute = defineRoute({
  id: 'absences.config',
  method: 'GET',
  path: '/api/attendance/absences/config',
  response: absenceConfigSchema,
  roles: studentRoles,
  cacheMinutes: 30,
});

export const listAbsencesRoute = defineRoute({
  id: 'absences.list',
  method: 'GET',
  path: '/api/attendance/absences/requests',
  query: absenceListQuerySchema,
  response: z.array(absenceRequestSchema),
  roles: studentRoles,
  cacheMinutes: 60,
});

export const createAbsenceRoute = defineRoute({
  id: 'absences.create',
  method: 'POST',
  path: '/api/attendance/absences/requests',
  multipart: absenceCreateFieldsSchema,
  response: absenceRequestSchema,
  roles: studentRoles,
  invalidates: ['absenceRequests'],
});

export const updateAbsenceRoute = defineRoute({
  id: 'absences.update',
  method: 'PUT',
  path: '/api/attendance/absences/requests',
  multipart: absenceUpdateFieldsSchema,
  response: absenceRequestSchema,
  roles: studentRoles,
  ownedFields: { RowId: 'absenceRequest', SupportingFilesToDelete: 'absenceFile' },
  invalidates: ['absenceRequests'],
});

export const clashingAttendanceRoute = defineRoute({
  id: 'absences.clashes',
  method: 'GET',
  path: '/api/attendance/absences/clashingattendance',
  query: clashQuerySchema,
  response: z.array(clashingEventSchema),
  roles: studentRoles,
});

/** Withdraws a request; empty body. Returns the request with its new status. */
export const cancelAbsenceRoute = defineRoute({
  id: 'absences.cancel',
  method: 'POST',
  path: '/api/attendance/absences/requests/:rowId/cancel',
  params: rowIdParams,
  response: absenceRequestSchema,
  roles: studentRoles,
  ownedParams: { rowId: 'absenceRequest' },
  invalidates: ['absenceRequests'],
});

export const absenceFileRoute = defineRoute({
  id: 'absences.file',
  method: 'GET',
  path: '/api/attendance/absences/requests/:rowId/files/:fileRowId',
  params: z.object({ rowId: rowIdParam, fileRowId: rowIdParam }),
  response: raw.file,
  roles: studentRoles,
  ownedParams: { rowId: 'absenceRequest', fileRowId: 'absenceFile' },
  // Medical evidence is more than a view of the account needs: not downloaded while viewing as.
  whileViewing: 'refuse',
});

export const absenceRoutes = [
  absenceConfigRoute,
  listAbsencesRoute,
  createAbsenceRoute,
  updateAbsenceRoute,
  clashingAttendanceRoute,
  cancelAbsenceRoute,
  absenceFileRoute,
] as const;
