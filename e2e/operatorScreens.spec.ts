/**
 * Issue 33 §1: how the four most-used operator pages look, kept as screenshots at 1280 px and
 * 390 px: the school office's review queue, a lecturer's class register, the notification compose
 * form, and the links page. Each is taken at the suite's fixed clock on the demo university, with
 * what moves by the second (countdowns, "x minutes ago") masked, and checked axe-clean as shown.
 */
import type { Locator, Page } from '@playwright/test';
import type { Timetable } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { RegisterPage } from './pages/RegisterPage';
import { ReviewPages } from './pages/ReviewPages';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 860 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

/** What changes while a test runs: the clock's seconds and relative times. */
const ticking = (page: Page): Locator[] => [page.locator('time, .register__status [role="status"], [data-ticking]')];

/** The page as first seen at this width (the viewport, not the whole scroll height). */
async function expectLooks(page: Page, name: string, width: number): Promise<void> {
  await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
    animations: 'disabled',
    caret: 'hide',
    mask: ticking(page),
    maxDiffPixelRatio: 0.01,
  });
}

/** The lecturer's CS2041 lab that is on at the suite's clock (the seed puts one there). */
async function labInProgress(page: Page): Promise<number> {
  const response = await page.request.get('/api/timetable');
  expect(response.status()).toBe(200);
  const now = await pageTime(page);
  const lab = ((await response.json()) as Timetable).timetableEntries.find(
    (e) => e.moduleCode === 'CS2041' && e.isTaught === true && !e.isCancelled && Date.parse(e.startTime) <= now && now < Date.parse(e.startTime) + e.duration * 60_000,
  );
  if (!lab) throw new Error('the seed has no CS2041 lab in progress');
  return lab.rowId;
}

for (const { name, viewport, isMobile } of widths) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport, isMobile, hasTouch: isMobile });

    test('the review queue', async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('staff');
      const review = new ReviewPages(page);
      await page.goto('/staff/absences');
      await expect(review.heading('Absence reviews')).toBeVisible();
      await expect(review.queueRows().first()).toBeVisible();
      await expectNoAxeViolations();
      await expectLooks(page, 'review-queue', viewport.width);
    });

    test('a class register', async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('lecturer');
      const register = new RegisterPage(page);
      await register.goto(await labInProgress(page));
      await expect(register.students).toBeVisible();
      await expectNoAxeViolations();
      await expectLooks(page, 'register', viewport.width);
    });

    test('the notification compose form', async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('admin');
      await page.goto('/admin/notifications');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
      await expectNoAxeViolations();
      await expectLooks(page, 'notification-compose', viewport.width);
    });

    test('the links page', async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('admin');
      await page.goto('/admin/links');
      await expect(page.getByRole('main').getByRole('table')).toBeVisible();
      await expectNoAxeViolations();
      await expectLooks(page, 'links', viewport.width);
    });
  });
}
