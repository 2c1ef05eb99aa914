import { join } from 'node:path';
import {
  importApplyRoute, importGetRoute, importListRoute, importProblemsCsvRoute, importRevertRoute, importUploadRoute,
} from '../../../shared/contract/adminImports.js';
import type { ServerContext } from '../../context.js';
import { implement, implementForm, type RouteImplementation } from '../../http/contractRoutes.js';
import { csvField } from '../../../shared/format/csvField.js';
import { notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { sendAttachment } from '../absences/fileDownload.js';
import { allProblems, listBatches } from './batches.js';
import { importServiceFor } from './imports.jobs.js';
import { importUploadForm } from './uploadForm.js';

/** Admin → Data import: upload, history, report, problems as CSV, apply, revert (Administrator, by the contract). */
export function importRoutes(ctx: ServerContext, jobs: JobQueue): RouteImplementation[] {
  const service = importServiceFor(ctx, jobs);
  const form = importUploadForm(join(ctx.config.uploadsDir, 'imports'), ctx.config.importMaxBytes);
  return [
    implementForm(importUploadRoute, form, async ({ user, form: upload, reply }) => {
      const summary = await service.create(user.id, upload);
      reply.code(202);
      return summary;
    }),
    implement(importListRoute, async () => ({ items: await listBatches(ctx.db) })),
    implement(importGetRoute, async ({ params }) => service.report(params.rowId)),
    implement(importProblemsCsvRoute, async ({ params, reply }) => {
      const report = await service.report(params.rowId);
      if (!report) throw notFound('The import');
      const rows = await allProblems(ctx.db, params.rowId);
      const lines = [
        'severity,file,line,column,code,message',
        ...rows.map((p) => [p.severity, p.file, p.line, p.column, p.code, p.message].map(csvField).join(',')),
      ];
      return sendAttachment(reply, {
        fileName: `import-${params.rowId}-problems.csv`, contentType: 'text/csv; charset=utf-8', bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
      });
    }),
    implement(importApplyRoute, async ({ user, params, body, reply }) => {
      const summary = await service.requestApply(user.id, params.rowId, body.acceptWarnings);
      reply.code(202);
      return summary;
    }),
    implement(importRevertRoute, async ({ user, params, reply }) => {
      const summary = await service.requestRevert(user.id, params.rowId);
      reply.code(202);
      return summary;
    }),
  ];
}
