import {
  staffAbsenceCountsRoute, staffAbsenceDecisionRoute, staffAbsenceDetailRoute, staffAbsenceFileRoute, staffAbsenceListRoute, staffAbsenceUndoRoute,
} from '../../../shared/contract/staffAbsences.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { staffAbsenceFilePreviewRoute } from '../../../shared/contract/staffAbsencePreview.js';
import { sendAttachment, sendInlinePreview } from '../absences/fileDownload.js';
import { PostgresFileStore } from '../absences/postgresFileStore.js';
import { decideAbsence } from './decision.service.js';
import { scheduleDecisionNotice } from './decisionNotice.jobs.js';
import { undoDecision } from './decisionUndo.service.js';
import { reviewCounts, reviewDetail, reviewFile, reviewQueue } from './staffAbsences.queries.js';

/**
 * The review queue of the school office. The contract marks every route `absenceReviewer`, so
 * contractRoutes refuses everyone else (403) before these run.
 */
export function staffAbsencesRoutes({ db, config, clock }: ServerContext, jobs: JobQueue): RouteImplementation[] {
  const store = new PostgresFileStore(db, config.uploadsDir);
  const scheduleNotice = scheduleDecisionNotice(jobs);
  const detailOf = async (rowId: number) => {
    const detail = await reviewDetail(db, rowId, clock.now());
    if (!detail) throw notFound('The absence request');
    return detail;
  };
  const fileOf = async (rowId: number, fileRowId: number) => {
    const file = await reviewFile(db, rowId, fileRowId);
    const bytes = file && (await store.read(file.storage_key));
    if (!file || !bytes) throw notFound('The file');
    return { fileName: file.file_name, contentType: file.content_type, bytes };
  };
  return [
    implement(staffAbsenceListRoute, async ({ query }) => reviewQueue(db, query)),
    implement(staffAbsenceCountsRoute, async () => reviewCounts(db)),
    implement(staffAbsenceDetailRoute, async ({ params }) => detailOf(params.rowId)),
    implement(staffAbsenceFileRoute, async ({ params, reply }) => {
      // The owner's download rules: an attachment, its sniffed type, nosniff, a sandbox CSP, no caching.
      return sendAttachment(reply, await fileOf(params.rowId, params.fileRowId));
    }),
    // The same file and checks, shown inline in the review page's sandboxed preview (a PDF or an image only).
    implement(staffAbsenceFilePreviewRoute, async ({ params, reply }) => sendInlinePreview(reply, await fileOf(params.rowId, params.fileRowId))),
    implement(staffAbsenceDecisionRoute, async ({ user, params, body }) => {
      await decideAbsence({ db, scheduleNotice }, user, params.rowId, body, clock.now());
      return detailOf(params.rowId);
    }),
    implement(staffAbsenceUndoRoute, async ({ user, params, body }) => {
      await undoDecision(db, user, params.rowId, body, clock.now());
      return detailOf(params.rowId);
    }),
  ];
}
