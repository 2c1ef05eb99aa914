import type { Page } from '@playwright/test';
import { consentOwnerMarker } from '../../src/app/features/analytics/consentOwner';
import type { PersonaName } from '../fixtures';

/** Where the install banner keeps its dismissal (src/app/features/install/installDismissal.ts). */
export const installDismissedKey = 'cc.installBannerDismissedAt';

/**
 * Answers the first-run banners (analytics consent, tour prompt, install banner) the way a
 * returning user has, on the page's origin, leaving any answer a test already set alone. Specs
 * about other screens sign in this way, so that no banner covers what they click; the
 * engagement spec signs in without it.
 *
 * An analytics answer holds only for the user who gave it (AnalyticsConsentUser, security item 7),
 * so with `userName`, the persona about to sign in, the answer on the device (this one, or one
 * the test set) is made theirs. A test about whose answer it is signs in with `isFirstRun`.
 */
export async function answerFirstRunBanners(page: Page, userName?: PersonaName): Promise<void> {
  const url = new URL(page.url()).origin;
  const names = new Set((await page.context().cookies(url)).map((cookie) => cookie.name));
  const cookies = [
    { name: 'AnalyticsConsent', value: 'denied', url },
    { name: 'ShowTourPrompt', value: 'false', url },
  ].filter((cookie) => !names.has(cookie.name));
  if (userName !== undefined) cookies.push({ name: 'AnalyticsConsentUser', value: consentOwnerMarker(userName), url });
  if (cookies.length > 0) await page.context().addCookies(cookies);
  await page.evaluate((key) => {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, String(Date.now()));
  }, installDismissedKey);
}
