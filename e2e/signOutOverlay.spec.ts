import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 20, item 8: while 'Signing you out' shows, the page under it keeps what it showed; the
// device is wiped underneath, but no page falls back to its empty or loading states on screen.

const emptyStates = ['Loading your timetable…', 'No popular resources yet.', 'No classes today.', 'Loading…'];

/** Reports, through the console, any empty state that appears in the page from now on. */
async function watchForEmptyStates(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('empty state shown: ')) seen.push(text.slice('empty state shown: '.length));
  });
  await page.evaluate((texts) => {
    const check = () => {
      const shown = document.body.innerText;
      for (const text of texts) if (shown.includes(text)) console.log(`empty state shown: ${text}`);
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, emptyStates);
  return seen;
}

for (const device of ['desktop', 'phone'] as const) {
  test(`signing out keeps the home page under the overlay (${device})`, async ({ page, signInAs, homePage, landingPage, expectNoAxeViolations }) => {
    if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('student');
    await homePage.expectGreeting('Amara');
    const main = page.locator('main');
    // Both widgets have their data: today's classes (or none today) and the popular links.
    await expect(main.locator('.widget-links li').first()).toBeVisible();
    for (const text of emptyStates) await expect(main.getByText(text, { exact: true })).toHaveCount(0);
    // The feedback prompt, due for the demo student at the suite's clock, comes last: once the
    // first-run banners have all answered. The home page is complete when it shows.
    await expect(main.getByRole('heading', { name: 'How are we doing?' })).toBeVisible();
    // Countdowns tick on between the two readings: compare the text without them. A time left
    // changes shape as it runs down ('1 h left', '59 min left', '9 min left', and for screen
    // readers '2 minutes', '1 minute'), so each becomes '#'.
    const withoutDigits = (text: string) => text.replace(/\d+ h(?: \d+ min)?|\d+ min(?:utes?)?/g, '#').replace(/\d/g, '#');
    const shownBefore = withoutDigits(await main.innerText());
    await expectNoAxeViolations();

    const seen = await watchForEmptyStates(page);
    await homePage.signOutLink.click();
    const overlay = page.getByRole('dialog', { name: 'Signing you out' });
    await expect(overlay).toBeVisible();
    // Under the overlay the same home page stays (the wipe starts as the overlay opens).
    expect(withoutDigits(await main.innerText())).toBe(shownBefore);

    await landingPage.expectShown();
    expect(seen, 'empty states shown while signing out').toEqual([]);
  });
}
