import { z } from './zod';
import { rowIdParam } from './common';
import { defineRoute, raw } from './route';

/*
 * Its own module, not staffAbsences.ts: the home page's queue counts import that one, and only the
 * lazily loaded review page needs this route.
 */

/**
 * The same evidence shown inline, for the review page's preview (issue 31 §2): a PDF or an image
 * (PNG, JPEG, GIF, WebP) answers `inline` with its sniffed type, nosniff and a sandbox CSP that only
 * this origin may frame; any other type is still a download. The same access rules as `review.file`.
 */
export const staffAbsenceFilePreviewRoute = defineRoute({
  id: 'review.filePreview',
  method: 'GET',
  path: '/api/staff/absences/:rowId/files/:fileRowId/preview',
  params: z.object({ rowId: rowIdParam, fileRowId: rowIdParam }),
  response: raw.file,
  roles: [],
  capability: 'absenceReviewer',
  ownedParams: { rowId: null, fileRowId: null },
  // Medical evidence is more than a view of the account needs: not shown while viewing as.
  whileViewing: 'refuse',
});
