import {
  absenceConfigRoute, absenceFileRoute, cancelAbsenceRoute, clashingAttendanceRoute, createAbsenceRoute, listAbsencesRoute, updateAbsenceRoute,
} from '../../../shared/contract/absences.js';
import { parseRowId } from '../../../shared/contract/common.js';
import type { ServerContext } from '../../context.js';
import { implement, implementForm, type FormReader, type RouteImplementation } from '../../http/contractRoutes.js';
import { HttpError, notFound, unauthorized } from '../../http/errors.js';
import { cacheKeys, latestCacheVersion } from '../../db/cacheVersions.js';
import { pagingHeaders, nextLinkHeader } from '../../../shared/contract/paging.js';
import { activeCategories, ownFile } from './absences.queries.js';
import { absencePageEtag, nextPageUrl, requestPageOf } from './absenceList.js';
import { assertFullyEnrolled, cancelAbsence, createAbsence, updateAbsence, type AbsenceDeps } from './absences.service.js';
import { clashingEvents } from './clashes.js';
import { absenceDateLimits } from './dateLimits.js';
import { sendAttachment } from './fileDownload.js';
import { first } from './absenceForm.js';
import { PostgresFileStore } from './postgresFileStore.js';
import { discardForm, formFingerprint, readAbsenceForm, type AbsenceForm } from './multipartForm.js';

/**
 * The session user's absence requests. Every request and file is looked up together with the
 * caller's id, so another student's rowId is a 404 for reading, editing, withdrawing and downloads.
 */
export function absencesRoutes({ db, config, clock, notifier }: ServerContext): RouteImplementation[] {
  const store = new PostgresFileStore(db, config.uploadsDir);
  const deps = (request: { log: AbsenceDeps['log'] }): AbsenceDeps => ({ db, store, log: request.log, quotaBytes: config.uploadQuotaBytes, requestsPerHour: config.absenceRequestsPerHour, clock, notifier });
  const timeouts = { idleMs: config.uploadIdleTimeoutMs, totalMs: config.uploadTimeoutMs };
  /**
   * The absence form, read by the route layer before the handler (so a retried create is known by
   * its form): enrolment is checked before any of the body is read; files the handler did not store
   * are removed afterwards, whatever happened.
   */
  const absenceForm: FormReader<AbsenceForm> = {
    read: async (request, reply) => {
      const user = request.session?.user;
      if (!user) throw unauthorized();
      await assertFullyEnrolled(db, user.id);
      return readAbsenceForm(request, reply, store, timeouts);
    },
    fingerprintOf: formFingerprint,
    discard: async (request, form) => {
      await discardForm(store, form).catch((error: unknown) => request.log.error({ err: error }, 'absence upload clean-up failed'));
    },
  };
  return [
    implement(absenceConfigRoute, async () => ({ categories: await activeCategories(db), dateLimits: absenceDateLimits(clock.now()) })),
    implement(listAbsencesRoute, async ({ user, query, reply }) => {
      const version = await latestCacheVersion(db, [cacheKeys.absences, cacheKeys.absencesOf(user.id)]);
      const page = await requestPageOf(db, user.id, user.studentId ?? '', query);
      // @fastify/etag keeps a tag already set, and answers a matching If-None-Match with 304.
      reply.header('etag', absencePageEtag(version, query)).header(pagingHeaders.totalCount, String(page.total));
      if (page.next) reply.header(pagingHeaders.link, nextLinkHeader(nextPageUrl(listAbsencesRoute.path, query, page.next)));
      return page.requests;
    }),
    implementForm(createAbsenceRoute, absenceForm, async ({ user, request, form }) => createAbsence(deps(request), user, form)),
    implementForm(updateAbsenceRoute, absenceForm, async ({ user, request, form }) => {
      const rowId = parseRowId(first(form.fields.RowId));
      if (rowId === undefined) throw new HttpError(400, 'validation', 'The absence request could not be saved.', { RowId: ['RowId is required'] });
      return updateAbsence(deps(request), user, form, rowId);
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
