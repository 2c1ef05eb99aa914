import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AttendancePages } from './pages/AttendancePages';
import { TimetablePage } from './pages/TimetablePage';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 20: tables are cards on a phone, each card opens where it is tapped, the attendance tables
// fit the page at 1280 px, and the week buttons keep one line on a phone.

const phone = { width: 390, height: 844 };

/**
 * Taps the middle of a box with the mouse, wherever the pointer lands (not through a locator's own
 * target). Like a person, it taps once nothing covers the card: until the start-up (SPEC §7) has
 * the profile, its overlay lies over a page that may already show its table.
 */
async function tapMiddleOf(page: Page, target: Locator): Promise<void> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const isUncovered = () =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (element.closest('tr') ?? element).contains(hit);
    });
  await expect.poll(isUncovered, { message: 'something covers the card' }).toBe(true);
  const box = await target.boundingBox();
  if (!box) throw new Error('the target has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('on a phone each absence request is a card inside the page, and tapping the card away from its button opens the request', async ({ page, signInAs }) => {
  await page.setViewportSize(phone);
  await signInAs('student');
  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  const table = attendance.absencesTable();
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  const wrap = await page.getByRole('region', { name: 'Your absence requests' }).boundingBox();
  const card = await firstRow.boundingBox();
  expect(wrap && card).toBeTruthy();
  expect(card!.x + card!.width).toBeLessThanOrEqual(wrap!.x + wrap!.width + 0.5);
  // The Open button lies inside its card, not off to the side.
  const open = await firstRow.getByRole('button', { name: /^Open the absence request of / }).boundingBox();
  expect(open!.x + open!.width).toBeLessThanOrEqual(card!.x + card!.width);
  // Each value is labelled with its column on the card.
  await expect(firstRow.locator('td[data-label="Status"]')).toBeVisible();
  await tapMiddleOf(page, firstRow.locator('th[scope="row"]'));
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('on a phone a card of the review queue opens its request when tapped', async ({ page, signInAs }) => {
  await page.setViewportSize(phone);
  await signInAs('staff');
  await page.goto('/staff/absences');
  const firstRow = page.getByRole('table').locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  await tapMiddleOf(page, firstRow.locator('td[data-label="Category"]'));
  await expect(page).toHaveURL(/\/staff\/absences\/\d+(?:\?|$)/);
});

test('at 1280 px no attendance table scrolls sideways', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await signInAs('student');
  for (const path of ['/attendance/current', '/attendance/previous']) {
    await page.goto(path);
    const regions = page.locator('main .table-wrap');
    await expect(regions.first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/Loading[^.…]*…/);
    const widths = await regions.evaluateAll((elements) =>
      elements.map((element) => ({ name: element.getAttribute('aria-label'), scroll: element.scrollWidth, client: element.clientWidth })),
    );
    for (const { name, scroll, client } of widths) expect(scroll, `${name} on ${path}`).toBeLessThanOrEqual(client);
  }
});

test('on a phone the week buttons share one line under the week, and keep their full names', async ({ page, signInAs }) => {
  await page.setViewportSize(phone);
  await signInAs('student');
  const timetable = new TimetablePage(page);
  await timetable.goto();
  const weeks = page.getByRole('navigation', { name: 'Weeks' });
  const buttons = [weeks.getByRole('button', { name: 'Previous week' }), weeks.getByRole('button', { name: 'Today' }), weeks.getByRole('button', { name: 'Next week' })];
  const boxes = await Promise.all(buttons.map(async (button) => (await button.boundingBox())!));
  for (const box of boxes) {
    expect(box.y).toBeCloseTo(boxes[0]!.y, 0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  }
  expect(boxes[0]!.x + boxes[0]!.width).toBeLessThanOrEqual(boxes[1]!.x);
  expect(boxes[1]!.x + boxes[1]!.width).toBeLessThanOrEqual(boxes[2]!.x);
  const label = await weeks.locator('.week-nav__label').boundingBox();
  expect(label!.y + label!.height).toBeLessThanOrEqual(boxes[0]!.y);
});
