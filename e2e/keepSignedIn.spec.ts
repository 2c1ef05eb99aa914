import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test, type NewContext } from './fixtures';
import { HomePage } from './pages/HomePage';
import { LandingPage } from './pages/LandingPage';
import { PersonaPicker } from './pages/PersonaPicker';
import { answerFirstRunBanners } from './support/firstRun';
import { useOwnServer } from './support/ownServer';

// Issue 34 §5, "Keep me signed in on this device": off in a browser tab, on in the installed app.
// Ticked, the session cookie outlives the browser (until the session's absolute expiry, 12 hours
// by default); unticked, it ends with the browser, so a shared lab PC forgets the student.
useOwnServer(test);

const KEEP = 'Keep me signed in on this device';
const keepBox = (page: Page) => page.getByRole('checkbox', { name: KEEP });

/** The session cookie (`cc_session`, or `__Host-cc_session` behind https). */
async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => /(^|-)cc_session$/.test(cookie.name));
}

/** The installed app: `(display-mode: standalone)` matches (page.emulateMedia has no display mode). */
async function emulateStandalone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = original(query);
      if (query === '(display-mode: standalone)') Object.defineProperty(list, 'matches', { get: () => true });
      return list;
    };
  });
}

/**
 * The landing page, "Keep me signed in" set to `isKept`, then the persona picker (which must carry
 * the choice) as the student; returns the demo sign-in's Set-Cookie header. Ends on /home.
 */
async function signInKeeping(page: Page, isKept: boolean): Promise<string> {
  const landing = new LandingPage(page);
  await landing.goto();
  await answerFirstRunBanners(page, 'student');
  await keepBox(page).setChecked(isKept);
  await landing.signIn();
  expect(new URL(page.url()).searchParams.get('keepSignedIn')).toBe(isKept ? '1' : null);
  await (isKept ? expect(keepBox(page)).toBeChecked() : expect(keepBox(page)).not.toBeChecked());
  const signedIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/signin/demo');
  await new PersonaPicker(page).choose('student');
  const response = await signedIn;
  expect(response.ok()).toBe(true);
  // The choice travels in the demo sign-in's body (issue 34 §5): `keepSignedIn: true` when ticked.
  expect(response.request().postDataJSON()).toEqual({ userName: 'student', keepSignedIn: isKept });
  await new HomePage(page).expectGreeting('Amara');
  return (await response.headerValue('set-cookie')) ?? '';
}

/** The browser closed and opened again: a new context holding only the cookies that outlive the browser. */
async function afterBrowserRestart(context: BrowserContext, newContext: NewContext, device: BrowserContextOptions): Promise<Page> {
  const state = await context.storageState();
  const reopened = await newContext({ ...device, storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) } });
  return reopened.newPage();
}

const devices: ReadonlyArray<readonly [string, BrowserContextOptions]> = [
  ['390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['1280 px desktop', { viewport: { width: 1280, height: 800 } }],
];

for (const [name, device] of devices) {
  test.describe(`keep me signed in, ${name}`, () => {
    test.use(device);

    test('the landing page offers it, off in a browser tab, and is axe-clean', async ({ page, landingPage, expectNoAxeViolations }) => {
      await landingPage.goto();
      await expect(keepBox(page)).toBeVisible();
      await expect(keepBox(page)).not.toBeChecked();
      await expect(landingPage.signInLink).toHaveAttribute('href', '/api/user/signin');
      await expectNoAxeViolations();
    });

    test('ticked: the session cookie has an expiry and the reopened app is still signed in', async ({ page, context, newContext, expectNoAxeViolations }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      await keepBox(page).check();
      await expect(landing.signInLink).toHaveAttribute('href', '/api/user/signin?keepSignedIn=1');
      await expectNoAxeViolations();

      const setCookie = await signInKeeping(page, true);
      // Until the session's absolute expiry: SESSION_MAX_HOURS' default, 12 hours, from when it began.
      const maxAge = Number(/(?:^|\n)[\w-]*cc_session=[^;\n]+;[^\n]*Max-Age=(\d+)/.exec(setCookie)?.[1]);
      expect(maxAge).toBeLessThanOrEqual(12 * 3600);
      expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
      const cookie = await sessionCookie(context);
      expect(cookie?.expires).toBeGreaterThan(0);

      // The app opened again in a new page of the same browser.
      await page.close();
      const again = await context.newPage();
      await again.goto('/home');
      await new HomePage(again).expectGreeting('Amara');

      // And after the browser itself was closed: the persistent cookie alone keeps the student in.
      const restarted = await afterBrowserRestart(context, newContext, device);
      await restarted.goto('/home');
      await new HomePage(restarted).expectGreeting('Amara');
    });

    test('unticked: a session cookie that ends with the browser', async ({ page, context, newContext }) => {
      const setCookie = await signInKeeping(page, false);
      expect(setCookie).not.toMatch(/Max-Age|Expires/i);
      const cookie = await sessionCookie(context);
      expect(cookie?.value).toBeTruthy();
      expect(cookie?.expires).toBe(-1);

      const restarted = await afterBrowserRestart(context, newContext, device);
      await restarted.goto('/home');
      await new LandingPage(restarted).expectShown();
    });

    test('in the installed app it is on by default, and the picker carries it', async ({ page, expectNoAxeViolations }) => {
      await emulateStandalone(page);
      const landing = new LandingPage(page);
      await landing.goto();
      await expect(keepBox(page)).toBeChecked();
      await expect(landing.signInLink).toHaveAttribute('href', '/api/user/signin?keepSignedIn=1');
      await landing.signIn();
      await expect(keepBox(page)).toBeChecked();
      await expectNoAxeViolations();
    });
  });
}
