import type { BrowserContext, Page } from '@playwright/test';
import { consentOwnerMarker } from '../src/app/features/analytics/consentOwner';
import { expect, test, type PersonaName } from './fixtures';
import { EngagementBanners } from './pages/EngagementBanners';
import { HomePage } from './pages/HomePage';
import { LandingPage } from './pages/LandingPage';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Security item 7: analytics consent given by one user applied to the next user of the same
// browser, whose analytics data then went to the provider. AnalyticsConsent still survives
// sign-out (SPEC §3), but it now holds only for the user who gave it: anyone else who signs in
// on that browser is asked again, and the provider's script does not load until they answer.
// With GA4 configured, so there is a provider script to (not) load; ANALYTICS_SEND_VISA_STATUS unset.
useOwnServer(test, { env: { ANALYTICS_PROVIDER: 'ga4', ANALYTICS_SITE_ID: 'G-TEST123' } });

const tagUrl = 'https://www.googletagmanager.com/gtag/js';
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Google's tag, stood in for (nothing leaves the machine); gives every request made for it. */
async function stubGoogleTag(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(`${tagUrl}**`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  return requested;
}

async function cookieValue(context: BrowserContext, url: string, name: string): Promise<string | undefined> {
  return (await context.cookies(url)).find((cookie) => cookie.name === name)?.value;
}

/** What the page handed to the analytics data layer as the user's data (event user_analytics). */
function pushedUserData(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((entry) => entry.event === 'user_analytics'));
}

/** Signs in on a browser that has answered the analytics question for someone, or no one. */
async function signInFresh(page: Page, userName: PersonaName): Promise<void> {
  await signInOn(page, userName, { isFirstRun: true });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

/** Signs out through the app (its sign-out clears the device, but keeps AnalyticsConsent). */
async function signOut(page: Page): Promise<void> {
  await new HomePage(page).goto();
  await new HomePage(page).signOutLink.click();
  await new LandingPage(page).expectShown();
}

/** The signed-in page has loaded all it loads, the provider's script included if it were to. */
async function expectNoAnalyticsLoaded(page: Page, requested: readonly string[], before: number): Promise<void> {
  // The start-up is done (the answers the page carried are gone), then what it asked for has come.
  await expect(page.locator('script[data-page-answer]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(requested.slice(before)).toEqual([]);
  await expect(page.locator('script[data-analytics]')).toHaveCount(0);
  expect(await pushedUserData(page)).toEqual([]);
}

for (const layout of ['desktop', 'phone'] as const) {
  test.describe(`on a ${layout}`, () => {
    if (layout === 'phone') test.use(phone);

    test("one user's yes does not carry over to the next user of the browser", async ({ page, context, baseURL, expectNoAxeViolations }) => {
      const url = baseURL ?? '';
      const requested = await stubGoogleTag(context);
      const banners = new EngagementBanners(page);

      // A (student) signs in, says yes: the provider's script loads for A.
      await signInFresh(page, 'student');
      await expect(banners.consent).toBeVisible();
      await banners.button(banners.consent, 'Accept').click();
      await expect.poll(() => requested.length).toBe(1);
      await expect.poll(async () => (await pushedUserData(page)).length).toBe(1);
      const uuidOfA = (await pushedUserData(page))[0]?.uuid;
      expect(await cookieValue(context, url, 'AnalyticsConsent')).toBe('granted');

      // A signs out: the answer stays on the device (SPEC §3).
      await signOut(page);
      expect(await cookieValue(context, url, 'AnalyticsConsent')).toBe('granted');

      // B (student2) signs in on the same browser: asked again, and nothing of the provider loads.
      const beforeB = requested.length;
      await signInFresh(page, 'student2');
      await expect(banners.consent).toBeVisible();
      await expectNoAnalyticsLoaded(page, requested, beforeB);
      await expectNoAxeViolations();

      // Only B's own yes loads it, with B's data (and no visa status: student2 holds a visa, but
      // ANALYTICS_SEND_VISA_STATUS is off).
      await banners.button(banners.consent, 'Accept').click();
      await expect(banners.consent).toHaveCount(0);
      await expect.poll(() => requested.length).toBe(beforeB + 1);
      await expect.poll(async () => (await pushedUserData(page)).length).toBe(1);
      const dataOfB = (await pushedUserData(page))[0] ?? {};
      expect(dataOfB.uuid).not.toBe(uuidOfA);
      expect(dataOfB).not.toHaveProperty('isStudentVisaHolder');
      expect(await cookieValue(context, url, 'AnalyticsConsentUser')).toBe(consentOwnerMarker('student2'));

      // The answer on the device is now B's: A, back on this browser, is asked again in turn.
      await signOut(page);
      const beforeA = requested.length;
      await signInFresh(page, 'student');
      await expect(banners.consent).toBeVisible();
      await expectNoAnalyticsLoaded(page, requested, beforeA);
    });
  });
}
