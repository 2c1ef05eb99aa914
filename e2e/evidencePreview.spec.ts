import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { AbsenceConfig, AbsenceRequest } from '../src/shared/contract/absences';
import { expect, test } from './fixtures';
import { AttendancePages } from './pages/AttendancePages';
import { ReviewPages } from './pages/ReviewPages';
import { addDays, getJson, londonToday, openCreateDialog, submitAllDayIllness } from './support/absenceSpecs';
import { expectFocusOn } from './support/focus';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 31 §2: the review page previews PDF evidence inline, in a sandboxed frame, beside the
// download, and Chromium really draws it there. Its own server: it adds requests.
useOwnServer(test);
test.describe.configure({ timeout: 180_000 });

const desktop = { width: 1280, height: 860 };
const phone = { width: 390, height: 844 };

/** A valid one-page PDF (an xref table with true offsets) that says `text`, so a viewer has a page to draw. */
function pdfFile(name: string, text: string): { name: string; mimeType: string; buffer: Buffer } {
  const stream = `BT /F1 28 Tf 60 700 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A valid 3×2 PNG (8-bit RGB, one red row and one blue), so the browser has pixels to decode. */
function pngFile(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(3, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255]);
  const buffer = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  return { name, mimeType: 'image/png', buffer };
}

/** Chromium's built-in PDF viewer is an extension page; it is framed inside a frame only when the PDF is shown. */
const pdfViewerOrigin = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

/** `student` submits an all-day Illness request `offset` days ahead (within the limits) with `files`. */
async function requestWithEvidence(page: Page, offset: number, files: ReturnType<typeof pdfFile>[]): Promise<AbsenceRequest> {
  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  const config = await getJson<AbsenceConfig>(page.request, '/api/attendance/absences/config');
  const wanted = addDays(await londonToday(page), offset);
  const lastAllowed = addDays(config.dateLimits.maximum.slice(0, 10), -1);
  const day = wanted < lastAllowed ? wanted : lastAllowed;
  const before = new Set((await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests')).map((r) => r.rowId));
  await submitAllDayIllness(page, await openCreateDialog(page), day, files);
  const created = (await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests')).find((r) => !before.has(r.rowId));
  if (!created) throw new Error('the server did not store the new request');
  return created;
}

for (const [width, viewport, offset] of [['desktop', desktop, 15], ['phone', phone, 17]] as const) {
  // The student submits at the default (desktop) size; the office reviews at the width under test.
  test.describe(`at ${width} width`, () => {
    test('`staff` previews a PDF beside its download, in a frame its own answer sandboxes, and an image as an image', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      const fileName = `fit-note-${width}.pdf`;
      const imageName = `ward-note-${width}.png`;
      const created = await requestWithEvidence(page, offset, [pdfFile(fileName, 'Fit note'), pngFile(imageName)]);
      const fileRowId = created.supportingFiles.find((f) => f.fileName === fileName)?.rowId;
      expect(fileRowId, 'the PDF was stored').toBeDefined();
      expect(created.supportingFiles.map((f) => f.fileName), 'the image was stored').toContain(imageName);

      const office = await newContext({ viewport, ...(width === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      const staffPage = await office.newPage();
      await signInOn(staffPage, 'staff');
      const review = new ReviewPages(staffPage);
      await staffPage.goto(`/staff/absences/${created.rowId}`);
      await expect(review.heading('Absence request')).toBeVisible();

      // Folded by default: the download is there, the preview is a button that says it is closed.
      const evidence = review.main().getByRole('region', { name: 'Evidence' });
      await expect(evidence.getByRole('link', { name: fileName })).toBeVisible();
      const preview = evidence.getByRole('button', { name: `Preview ${fileName}` });
      await expect(preview).toHaveAttribute('aria-expanded', 'false');
      await expect(evidence.locator('iframe')).toHaveCount(0);

      // Opened from the keyboard.
      await preview.focus();
      await expectFocusOn(preview, 'the preview button');
      await staffPage.keyboard.press('Enter');
      await expect(preview).toHaveAttribute('aria-expanded', 'true');
      const frame = evidence.locator(`iframe[title="Preview of ${fileName}"]`);
      await expect(frame).toBeVisible();
      await expect(frame).toHaveAttribute('src', `/api/staff/absences/${created.rowId}/files/${fileRowId}/preview`);
      // Shown, not blocked: Chromium refuses a PDF in a frame its parent sandboxes (an error page in
      // its place), so the viewer's own page must load inside the frame.
      await expect
        .poll(() => staffPage.frames().map((f) => f.url()), { message: 'the PDF viewer loads in the preview frame' })
        .toContainEqual(expect.stringMatching(new RegExp(`^${pdfViewerOrigin}`)));
      expect(staffPage.frames().map((f) => f.url())).not.toContainEqual(expect.stringMatching(/^chrome-error:/));
      await expectNoAxeViolations(staffPage);

      // The frame's answer: inline, sandboxed, framable by this origin only.
      const answer = await staffPage.request.get(`/api/staff/absences/${created.rowId}/files/${fileRowId}/preview`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-disposition']).toMatch(/^inline; /);
      // The frame's document is sandboxed by its own answer (no scripts, an opaque origin).
      expect(answer.headers()['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
      expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(answer.headers()['x-content-type-options']).toBe('nosniff');

      // And folded again.
      await preview.click();
      await expect(preview).toHaveAttribute('aria-expanded', 'false');
      await expect(frame).toHaveCount(0);

      // An image previews as an image, decoded to its own size.
      const imagePreview = evidence.getByRole('button', { name: `Preview ${imageName}` });
      await imagePreview.click();
      await expect(imagePreview).toHaveAttribute('aria-expanded', 'true');
      const image = evidence.getByRole('img', { name: `Preview of ${imageName}` });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 3, 2]);
      await expectNoAxeViolations(staffPage);
    });
  });
}
