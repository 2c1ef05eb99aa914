import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { AttendancePages } from './pages/AttendancePages';
import { ResourcesPage } from './pages/ResourcesPage';
import { SupportDialog } from './pages/SupportDialog';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 20, item 6: on phones, toasts sit above the bottom menu bar and never over the focused
// control, and a message the page already shows inline is not repeated as a toast.

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('a toast does not cover the control that has the focus, and stays above the menu bar', async ({ page, signInAs }) => {
    await signInAs('student');
    const resources = new ResourcesPage(page);
    await resources.goto();
    // The stars say 'not pressed' until the favourites have loaded: wait for the student's seeded ones.
    await expect(resources.favourites.getByRole('link').first()).toBeVisible();
    const label = (await resources.allResources.getByRole('button', { name: /^Add .+ to favourites$/, pressed: false }).last().getAttribute('aria-label')) ?? '';
    const star = resources.allResources.getByRole('button', { name: label, exact: true });
    await expect(star).toBeVisible();
    // The star low on the screen, just above the menu bar: where the toasts appear.
    await star.evaluate((element) => {
      element.scrollIntoView({ block: 'end' });
      window.scrollBy(0, 110);
    });
    const nav = page.getByRole('navigation').last();
    await star.click();
    await expect(star).toBeFocused();
    const toast = page.getByRole('region', { name: 'Messages' }).getByRole('listitem').first();
    const name = /^Add (.+) to favourites$/.exec(label)?.[1] ?? '';
    await expect(toast).toContainText(`Added '${name}' to favourites`);
    // The toaster moves a toast clear of the focused control once it has a height (a frame after
    // it appears, ui/toast/clearOfFocus.ts), and the toast slides in: measured until it has settled.
    await expect
      .poll(
        async () => {
          const [starBox, toastBox, navBox] = [await boxOf(star), await boxOf(toast), await boxOf(nav)];
          return {
            coversTheStar: toastBox.y < starBox.y + starBox.height && starBox.y < toastBox.y + toastBox.height,
            isAboveTheMenuBar: toastBox.y + toastBox.height <= navBox.y,
          };
        },
        { message: 'the toast is clear of the focused star, above the menu bar' },
      )
      .toEqual({ coversTheStar: false, isAboveTheMenuBar: true });
  });

  test('the referral cooldown is said once, in the dialog, not again as a toast over Enter Details', async ({ page, signInAs }) => {
    await signInAs('student2');
    await new AttendancePages(page).gotoCurrent();
    const support = new SupportDialog(page);
    await support.openDialog();
    await expect(support.cooldownNotice).toBeVisible();
    // A toast would be raised with the notice, from the same answer: two frames later it would be
    // drawn. (By CSS: the open modal hides the toaster from the accessibility tree.)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.locator('section.toaster')).not.toContainText('Please wait before submitting another.');
  });
});
