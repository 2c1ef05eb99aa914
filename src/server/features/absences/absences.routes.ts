import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  absenceConfigRoute, absenceFileRoute, cancelAbsenceRoute, clashingAttendanceRoute, createAbsenceRoute, listAbsencesRoute, updateAbsenceRoute,
} from '../../../shared/contract/absences.js';
import { parseRowId } from '../../../shared/contract/common.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { HttpError, notFound } from '../../http/errors.js';
import { activeCategories, ownFile, requestsOf } from './absences.queries.js';
import { assertFullyEnrolled, cancelAbsence, createAbsence, updateAbsence, type AbsenceDeps } from './absences.service.js';
import { clashingEvents } from './clashes.js';
import { absenceDateLimits } from './dateLimits.js';
import { sendAttachment } from './fileDownload.js';
import { first } from './absenceForm.js';
import { PostgresFileStore } from './postgresFileStore.js';
import { discardForm, readAbsenceForm, type AbsenceForm } from './multipartForm.js';

/**
 * The session user's absence requests. Every request and file is looked up together with the
 * caller's id, so another student's rowId is a 404 for reading, editing, withdrawing and downloads.
 */
export function absencesRoutes({ db, config, clock }: ServerContext): RouteImplementation[] {
  const store = new PostgresFileStore(db, config.uploadsDir);
  const deps = (request: { log: AbsenceDeps['log'] }): AbsenceDeps => ({ db, store, log: request.log, quotaBytes: config.uploadQuotaBytes, clock });
  const timeouts = { idleMs: config.uploadIdleTimeoutMs, totalMs: config.uploadTimeoutMs };
  /** Runs `use` on the form; files it did not store are removed afterwards, whatever happened. */
  const withForm = async <T>(request: FastifyRequest, reply: FastifyReply, use: (form: AbsenceForm) => Promise<T>): Promise<T> => {
    const form = await readAbsenceForm(request, reply, store, timeouts);
    try {
      return await use(form);
    } finally {
      await discardForm(store, form).catch((error: unknown) => request.log.error({ err: error }, 'absence upload clean-up failed'));
    }
  };
  return [
    implement(absenceConfigRoute, async () => ({ categories: await activeCategories(db), dateLimits: absenceDateLimits(clock.now()) })),
    implement(listAbsencesRoute, async ({ user }) => requestsOf(db, user.id, user.studentId ?? '')),
    implement(createAbsenceRoute, async ({ user, request, reply }) => {
      await assertFullyEnrolled(db, user.id);
      return withForm(request, reply, (form) => createAbsence(deps(request), user, form));
    }),
    implement(updateAbsenceRoute, async ({ user, request, reply }) => {
      await assertFullyEnrolled(db, user.id);
      return withForm(request, reply, (form) => {
        const rowId = parseRowId(first(form.fields.RowId));
        if (rowId === undefined) throw new HttpError(400, 'The absence request could not be saved.', { RowId: ['RowId is required'] });
        return updateAbsence(deps(request), user, form, rowId);
      });
    }),
    implement(clashingAttendanceRoute, async ({ user, query }) => clashingEvents(db, user.id, query.startDate, query.endDate)),
    implement(cancelAbsenceRoute, async ({ user, params }) => cancelAbsence(db, user, params.rowId, clock.now())),
    implement(absenceFileRoute, async ({ user, params, reply }) => {
      const file = await ownFile(db, user.id, params.rowId, params.fileRowId);
      const bytes = file && (await store.read(file.storage_key));
      if (!file || !bytes) throw notFound('The file');
      return sendAttachment(reply, { fileName: file.file_name, contentType: file.content_type, bytes });
    }),
  ];
}
