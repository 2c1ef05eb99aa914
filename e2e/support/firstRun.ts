import type { Page } from '@playwright/test';

/** Where the install banner keeps its dismissal (src/app/features/install/installDismissal.ts). */
export const installDismissedKey = 'cc.installBannerDismissedAt';

/**
 * Answers the first-run banners (analytics consent, tour prompt, install banner) the way a
 * returning user has, on the page's origin, leaving any answer a test already set alone. Specs
 * about other screens sign in this way, so that no banner covers what they click; the
 * engagement spec signs in without it.
 */
export async function answerFirstRunBanners(page: Page): Promise<void> {
  const url = new URL(page.url()).origin;
  const names = new Set((await page.context().cookies(url)).map((cookie) => cookie.name));
  const cookies = [
    { name: 'AnalyticsConsent', value: 'denied', url },
    { name: 'ShowTourPrompt', value: 'false', url },
  ].filter((cookie) => !names.has(cookie.name));
  if (cookies.length > 0) await page.context().addCookies(cookies);
  await page.evaluate((key) => {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, String(Date.now()));
  }, installDismissedKey);
}
