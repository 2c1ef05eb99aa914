import type { Page } from '@playwright/test';
import type { AbsenceRequest } from '../src/shared/contract/absences';
import { xsrfCookieName, xsrfHeaderName } from '../src/shared/contract/antiforgery';
import type { StaffAbsenceDetail } from '../src/shared/contract/staffAbsences';
import { expect, test } from './fixtures';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { AttendancePages } from './pages/AttendancePages';
import { ReviewPages } from './pages/ReviewPages';
import { getJson } from './support/absenceSpecs';
import { runServerJob } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 31, sections 2 and 3: evidence sent returns a request to review; the office decides, can
// undo for ten seconds, and is offered the next request. Its own server: it changes requests.
useOwnServer(test);
test.describe.configure({ timeout: 180_000 });

const desktop = { width: 1280, height: 860 };
const phone = { width: 390, height: 844 };
const noticeSweep = 'absences.decisionNotices.sweep';

function pdfFile(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/antiforgerytoken');
  const cookie = (await page.context().cookies()).find((c) => c.name === xsrfCookieName);
  return { [xsrfHeaderName]: decodeURIComponent(cookie?.value ?? '') };
}

/** A request of `student` waiting for evidence: the seed's, or their Pending one the office asks evidence for. */
async function requestAwaitingEvidence(studentPage: Page, officePage: Page): Promise<AbsenceRequest> {
  const mine = await getJson<AbsenceRequest[]>(studentPage.request, '/api/attendance/absences/requests');
  const waiting = mine.find((request) => request.absenceStatus === 'AwaitingEvidence');
  if (waiting) return waiting;
  const pending = mine.find((request) => request.absenceStatus === 'Pending' && !request.evidenceAddedAt);
  expect(pending, 'the seed gives student a Pending request').toBeDefined();
  const asked = await officePage.request.post(`/api/staff/absences/${pending?.rowId}/decision`, {
    headers: await xsrfHeader(officePage),
    data: { absenceStatus: 'AwaitingEvidence', messageToStudent: 'Please send the invitation letter.', lastModified: pending?.lastModified },
  });
  expect(asked.status()).toBe(200);
  return (await asked.json() as StaffAbsenceDetail).request;
}

for (const [width, viewport] of [['desktop', desktop], ['phone', phone]] as const) {
  test.describe(`at ${width} width`, () => {
    test.use({ viewport, ...(width === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test('the student adds evidence; the office sees it first, decides, undoes, decides again and is offered the next request', async ({ page, newContext, signInAs, clock, baseURL, expectNoAxeViolations }) => {
      await signInAs('student');
      const office = await newContext({ viewport, ...(width === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      const officePage = await office.newPage();
      await signInOn(officePage, 'staff');
      const waiting = await requestAwaitingEvidence(page, officePage);

      // The student sends the evidence asked for: the request goes back to review.
      const attendance = new AttendancePages(page);
      await attendance.gotoCurrent();
      await attendance.openAbsence(waiting.rowId);
      const edit = new AbsenceDialog(page, 'Absence request');
      await expect(edit.dialog).toBeVisible();
      await edit.addFiles([pdfFile('evidence.pdf')]);
      await edit.submitButton().click();
      const success = page.getByRole('dialog', { name: 'Absence Request Updated Successfully' });
      await expect(success).toBeVisible();
      await success.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(attendance.absenceRow(waiting.rowId)).toContainText('Pending');
      await expect(attendance.absenceRow(waiting.rowId)).toContainText('Sent for review on 05/10/2026');
      await expectNoAxeViolations();

      // The office: the request heads the queue, marked; all-day absences read as dates.
      const review = new ReviewPages(officePage);
      await officePage.goto('/staff/absences');
      await expect(review.queueRows().first()).toHaveAttribute('data-row', String(waiting.rowId));
      await expect(review.queueRows().first()).toContainText('Evidence added');
      await expect(review.main().getByText('Thu 08/10/2026, all day')).toBeVisible();
      await expect(review.main().getByText('Mon 19/10/2026 to Tue 20/10/2026, all day')).toBeVisible();
      await expect(review.queueRows().filter({ hasText: /00:00/ })).toHaveCount(0);
      await expectNoAxeViolations(officePage);

      await review.queueRows().first().getByRole('link', { name: /^Open the request of Amara Okafor/ }).click();
      await expect(review.heading('Absence request')).toBeVisible();
      await expect(review.fact('Status')).toContainText('Evidence added on 05/10/2026');
      await expect(review.fact('Dates')).toHaveText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{2}\/\d{2}\/2026, \d{2}:\d{2} to \d{2}:\d{2}$/);

      // Approve: a toast says so, with Undo; the decision shows who and when; the next request is offered.
      await review.decisionButton('Approve').click();
      await expect(review.status()).toHaveText('Approved');
      await expect(review.decisionToast()).toContainText('Approved: the request of Amara Okafor.');
      await expect(review.fact('Decision')).toHaveText(/^Approved by Priya Shah on Mon 05\/10\/2026 at \d{2}:\d{2}$/);
      await expect(review.nextRequest().getByRole('link', { name: 'Open the next request' })).toBeVisible();
      await expectNoAxeViolations(officePage);

      // Undo: the request is back as it was, and the student is never told.
      await review.decisionToast().getByRole('button', { name: 'Undo' }).click();
      await expect(review.status()).toHaveText('Pending');
      await expect(review.fact('Status')).toContainText('Evidence added on 05/10/2026');
      await expect(review.nextRequest()).toHaveCount(0);
      await clock.advance(11_000);
      await runServerJob(baseURL ?? '', noticeSweep);
      const told = async () => (await getJson<{ title: string }[]>(page.request, '/api/user/notifications')).filter((n) => n.title === 'Absence request approved').length;
      const toldBefore = await told();

      // Decide again; once the window has passed the student is told, once.
      await review.decisionButton('Approve').click();
      await expect(review.status()).toHaveText('Approved');
      await expect(review.decisionToast()).toBeVisible();
      await review.dismissToasts();
      await clock.advance(11_000);
      await runServerJob(baseURL ?? '', noticeSweep);
      expect(await told()).toBe(toldBefore + 1);

      // The next request opens.
      await review.nextRequest().getByRole('link', { name: 'Open the next request' }).click();
      await expect(officePage).not.toHaveURL(new RegExp(`/staff/absences/${waiting.rowId}(?:\\?|$)`));
      await expect(review.heading('Absence request')).toBeVisible();
      await expect(review.decisionPanel()).toBeVisible();
    });
  });
}

test('the staff home page counts the absence queue for a reviewer; a student has no such widget', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
  await page.setViewportSize(desktop);
  await signInAs('staff');
  const queues = page.getByRole('region', { name: 'Review queues' });
  await expect(queues.locator('[data-queue="absences"]')).toHaveText(/^Absence requests: \d+ requests? to decide( \(\d+ with evidence added\))?, \d+ requests? awaiting evidence$/);
  await expectNoAxeViolations();
  await queues.getByRole('link', { name: 'Absence requests' }).click();
  await expect(new ReviewPages(page).heading('Absence reviews')).toBeVisible();

  const other = await newContext();
  const studentPage = await other.newPage();
  await signInOn(studentPage, 'student');
  await expect(studentPage.getByRole('heading', { level: 1, name: 'Welcome, Amara' })).toBeVisible();
  await expect(studentPage.getByRole('region', { name: 'Popular resources' })).toBeVisible();
  await expect(studentPage.getByRole('region', { name: 'Review queues' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true });

  test('the queue’s filters fold behind one Filters control, so the first screen shows requests', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('staff');
    const review = new ReviewPages(page);
    await page.goto('/staff/absences');
    await expect(review.filtersButton()).toHaveText('Filters (0)');
    await expect(review.filterForm()).toHaveCount(0);
    await expect(review.queueRows().first()).toBeInViewport();
    await expectNoAxeViolations();

    await review.filtersButton().click();
    await expect(review.filtersButton()).toHaveAttribute('aria-expanded', 'true');
    await review.filterForm().getByLabel('Student name or id').fill('S2400001');
    await review.filterForm().getByLabel('Module code').fill('');
    await review.filterForm().getByRole('button', { name: 'Apply filters' }).click();
    await expect(review.filtersButton()).toHaveText('Filters (1)');
    await expect(review.filterForm()).toHaveCount(0);
    await expect(review.queueRows().filter({ hasText: 'Liam Chen' })).toHaveCount(0);
    await expect(review.queueRows().first()).toBeInViewport();
    await expectNoAxeViolations();
  });
});
