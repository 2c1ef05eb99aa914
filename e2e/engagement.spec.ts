import type { BrowserContext, Locator, Page } from '@playwright/test';
import { consentOwnerMarker } from '../src/app/features/analytics/consentOwner';
import { firstVisitKey } from '../src/app/features/install/firstVisitKey';
import { expect, test, type PersonaName } from './fixtures';
import { AppShell } from './pages/AppShell';
import { EngagementBanners } from './pages/EngagementBanners';
import { FeedbackPages } from './pages/FeedbackPages';
import { HomePage } from './pages/HomePage';
import { LandingPage } from './pages/LandingPage';
import { PersonaPicker } from './pages/PersonaPicker';
import { TimetablePage } from './pages/TimetablePage';
import { wcagTags } from './support/axe';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// The tests outside 'with Google Analytics 4 configured' (which has its own) use this one.
useOwnServer(test);

// Issue 19: the analytics consent banner, the guided tour prompt and the install banner, one at a
// time (consent first), on a browser that has answered none of them yet. Issue 34 §2: the install
// banner only on a later visit, and no prompt under a dialog or the tour, or over the primary action.

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Signs in from a given origin (the spec's server under another host name), first run. */
async function signInAt(page: Page, origin: string, userName: PersonaName): Promise<void> {
  await page.goto(`${origin}/landing`);
  const landing = new LandingPage(page);
  await landing.expectShown();
  await landing.signIn();
  await new PersonaPicker(page).choose(userName);
  await page.waitForURL('**/home');
}

async function cookieValue(context: BrowserContext, url: string, name: string): Promise<string | undefined> {
  return (await context.cookies(url)).find((cookie) => cookie.name === name)?.value;
}

// Issue 34 §2: one first-run prompt at a time. Its own server, fresh at E2E_CLOCK_START (08:55): the
// seed's CS2041 lab started at 08:50 and its registration window is open, so home and the
// timetable show 'Register attendance', the page's primary action, which no prompt may cover.
const layouts = [
  { name: 'phone', device: phone },
  { name: 'desktop', device: { viewport: { width: 1280, height: 800 } } },
] as const;

/** The page's primary action is clear of the prompt (measured once the page has come to rest). */
async function expectPrimaryActionClear(page: Page, prompt: Locator): Promise<void> {
  const action = page.getByRole('button', { name: /^Register attendance/ }).first();
  await expect(action).toBeVisible();
  await expect(prompt).toBeVisible();
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([action.boundingBox(), prompt.boundingBox()]);
      if (!a || !b) return 'not laid out';
      const isCovered = a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
      return isCovered ? `covered: the action at y ${Math.round(a.y)}–${Math.round(a.y + a.height)}, the prompt from y ${Math.round(b.y)}` : 'clear';
    })
    .toBe('clear');
}

/** Any first-run prompt on the page: a banner, or the feedback card. */
const anyPrompt = (page: Page) => page.locator('.engagement-banner, .feedback-prompt');

test.describe('one first-run prompt at a time', () => {
  useOwnServer(test);

  for (const { name, device } of layouts) {
    test.describe(name, () => {
      test.use(device);

      test('a first visit: consent, then the tour prompt, no install banner, then the feedback prompt; none covers the primary action or the tour', async ({ page, baseURL, expectNoAxeViolations }) => {
        await signInOn(page, 'student', { isFirstRun: true });
        const banners = new EngagementBanners(page);
        const feedback = new FeedbackPages(page);

        await expect(banners.consent).toBeVisible();
        await expect(banners.consent.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/user/settings/privacy');
        await expect(anyPrompt(page)).toHaveCount(1);
        await expectPrimaryActionClear(page, banners.consent);
        await expectNoAxeViolations();
        await new TimetablePage(page).goto();
        await expectPrimaryActionClear(page, banners.consent);
        await expectNoAxeViolations();

        await banners.button(banners.consent, 'Accept').click();
        expect(await cookieValue(page.context(), baseURL ?? '', 'AnalyticsConsent')).toBe('granted');
        await expect(banners.tourPrompt).toBeVisible();
        await expect(anyPrompt(page)).toHaveCount(1);
        await expectPrimaryActionClear(page, banners.tourPrompt);
        await expectNoAxeViolations();

        // The tour from home: nothing shows under it, and its popover passes axe's landmark rules too.
        await new AppShell(page).menuLink('Home').click();
        await banners.button(banners.tourPrompt, 'Take the tour').click();
        const popover = page.locator('.driver-popover');
        await expect(popover.locator('.driver-popover-title')).toHaveText('Home');
        await expect(popover).toHaveCSS('opacity', '1');
        await expect(anyPrompt(page)).toHaveCount(0);
        await expectNoAxeViolations(page, { tags: [...wcagTags, 'best-practice'] });
        await page.keyboard.press('Escape');
        await expect(popover).toHaveCount(0);

        // Answered, on the first visit: the feedback prompt (never prompted), and no install banner,
        // which waits for a later visit. A reload is the same visit.
        await expect(feedback.prompt).toBeVisible();
        await expect(banners.install).toHaveCount(0);
        await expectNoAxeViolations();
        await page.reload();
        await expect(feedback.prompt).toBeVisible();
        await expect(anyPrompt(page)).toHaveCount(1);
      });

      test('a later visit: the install banner, never under a dialog or the tour, then the feedback prompt', async ({ page, context, baseURL, expectNoAxeViolations }) => {
        await answered(context, baseURL ?? '', 'student', { isTourAnswered: true });
        await signInOn(page, 'student', { isFirstRun: true });
        await expect(new FeedbackPages(page).prompt).toBeVisible();
        await expect(new EngagementBanners(page).install).toHaveCount(0);

        // A later visit: the app opened again, in a new tab.
        const later = await context.newPage();
        await page.close();
        await later.goto('/home');
        const banners = new EngagementBanners(later);
        const feedback = new FeedbackPages(later);
        await expect(banners.install).toBeVisible();
        await expect(anyPrompt(later)).toHaveCount(1);
        await expectPrimaryActionClear(later, banners.install);
        await expectNoAxeViolations(later);
        // Headless Chromium offers no install prompt here, so the banner explains the browser's way.
        await banners.button(banners.install, 'Show me how').click();
        await expect(banners.install.getByRole('list', { name: 'How to add the app to your home screen' })).toBeVisible();
        await expectPrimaryActionClear(later, banners.install);
        await expectNoAxeViolations(later);
        await new TimetablePage(later).goto();
        await expectPrimaryActionClear(later, banners.install);

        // A dialog open: no prompt over or under it.
        await later.goto('/user/settings/privacy');
        await expect(banners.install).toBeVisible();
        await later.getByRole('main').getByRole('button', { name: 'Sign out of all devices' }).click();
        const dialog = later.getByRole('dialog', { name: 'Sign out of all devices?' });
        await expect(dialog).toBeVisible();
        await expect(anyPrompt(later)).toHaveCount(0);
        await expectNoAxeViolations(later);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toHaveCount(0);
        await expect(banners.install).toBeVisible();

        // The tour, from Settings: none under it either.
        await later.goto('/user/settings/about');
        await later.getByRole('button', { name: 'Take the guided tour' }).click();
        const popover = later.locator('.driver-popover');
        await expect(popover.locator('.driver-popover-title')).toHaveText('Home');
        await expect(popover).toHaveCSS('opacity', '1');
        await expect(anyPrompt(later)).toHaveCount(0);
        await expectNoAxeViolations(later, { tags: [...wcagTags, 'best-practice'] });
        await later.keyboard.press('Escape');
        await expect(popover).toHaveCount(0);
        await expect(banners.install).toBeVisible();

        // Answered: the feedback prompt is next, on home.
        await banners.button(banners.install, 'Not now').click();
        await expect(banners.install).toHaveCount(0);
        await new AppShell(later).menuLink('Home').click();
        await expect(feedback.prompt).toBeVisible();
        await expect(anyPrompt(later)).toHaveCount(1);
        await expectNoAxeViolations(later);
      });
    });
  }
});

test.describe('on a phone', () => {
  test.use(phone);

  test('the banners sit above the bottom bar and pass axe', async ({ page, expectNoAxeViolations }) => {
    await signInOn(page, 'student', { isFirstRun: true });
    const banners = new EngagementBanners(page);
    await expect(banners.consent).toBeVisible();
    const banner = await banners.consent.boundingBox();
    const menu = await new AppShell(page).menu.boundingBox();
    expect(banner && menu && banner.y + banner.height <= menu.y).toBe(true);
    // Accept and Reject carry equal weight: the same size.
    const accept = await banners.button(banners.consent, 'Accept').boundingBox();
    const reject = await banners.button(banners.consent, 'Reject').boundingBox();
    expect(accept?.width).toBe(reject?.width);
    expect(accept?.height).toBe(reject?.height);
    await expectNoAxeViolations();

    await banners.button(banners.consent, 'Accept').click();
    await expect(banners.tourPrompt).toBeVisible();
    await expectNoAxeViolations();
    // The tour's step popover too.
    await banners.button(banners.tourPrompt, 'Take the tour').click();
    await expect(page.locator('.driver-popover-title')).toHaveText('Home');
    // axe measures contrast against what is painted: wait until the popover has faded in.
    await expect(page.locator('.driver-popover')).toHaveCSS('opacity', '1');
    await expectNoAxeViolations();
    await page.keyboard.press('Escape');
    await expect(page.locator('.driver-popover')).toHaveCount(0);
    // A first visit: the install banner waits for a later one; the feedback prompt is next.
    await expect(new FeedbackPages(page).prompt).toBeVisible();
    await expect(banners.install).toHaveCount(0);
  });
});

test('Reject stores denied, removes every analytics cookie on every domain variant and reloads', async ({ page, context, baseURL }) => {
  // *.localhost names reach this machine, so the app can run under a host with parent domains.
  const origin = new URL(baseURL ?? '');
  origin.hostname = 'app.campus.localhost';
  const url = origin.origin;
  await signInAt(page, url, 'student');
  const banners = new EngagementBanners(page);
  await expect(banners.consent).toBeVisible();

  // What Google Analytics leaves behind: on the host alone, on the host and on the parent domain.
  await context.addCookies([
    { name: '_ga', value: 'GA1.1.111', url },
    { name: '_ga', value: 'GA1.1.222', domain: '.campus.localhost', path: '/' },
    { name: '_ga_TEST123', value: 'GS1.1.333', domain: '.app.campus.localhost', path: '/' },
    { name: '_gid', value: 'GA1.1.444', domain: '.campus.localhost', path: '/' },
    { name: '_gcl_au', value: '1.1.555', domain: '.campus.localhost', path: '/home' },
    { name: 'unrelated', value: 'stays', domain: '.campus.localhost', path: '/' },
  ]);
  const seeded = (await context.cookies(`${url}/home`)).filter((cookie) => cookie.name.startsWith('_g'));
  expect(seeded).toHaveLength(5);

  const reloaded = page.waitForEvent('load');
  await banners.button(banners.consent, 'Reject').click();
  await reloaded;

  const left = await context.cookies(`${url}/home`);
  expect(left.filter((cookie) => /^_g/.test(cookie.name)).map((cookie) => `${cookie.name}@${cookie.domain}${cookie.path}`)).toEqual([]);
  expect(left.find((cookie) => cookie.name === 'unrelated')?.value).toBe('stays');
  expect(left.find((cookie) => cookie.name === 'AnalyticsConsent')?.value).toBe('denied');
  await new HomePage(page).expectGreeting('Amara');
  await expect(banners.consent).toHaveCount(0);
  await expect(banners.tourPrompt).toBeVisible();
});

/** Answers the analytics question as `userName` (and optionally the tour prompt) before they sign in. */
async function answered(context: BrowserContext, url: string, userName: PersonaName, { isTourAnswered }: { readonly isTourAnswered: boolean }): Promise<void> {
  await context.addCookies([
    { name: 'AnalyticsConsent', value: 'denied', url },
    // Whose answer it is: another user's (or nobody's) would be asked again.
    { name: 'AnalyticsConsentUser', value: consentOwnerMarker(userName), url },
    ...(isTourAnswered ? [{ name: 'ShowTourPrompt', value: 'false', url }] : []),
  ]);
}

const tourSteps: Record<'student' | 'admin', readonly { readonly key: string; readonly title: string }[]> = {
  student: [
    { key: 'home', title: 'Home' },
    { key: 'timetable', title: 'Timetable' },
    { key: 'attendance', title: 'Attendance' },
    { key: 'resources', title: 'Resources' },
    { key: 'settings', title: 'Settings' },
  ],
  admin: [
    { key: 'home', title: 'Home' },
    { key: 'resources', title: 'Resources' },
    { key: 'admin', title: 'Admin' },
    { key: 'settings', title: 'Settings' },
  ],
};

async function walkTourByKeyboard(page: Page, persona: 'student' | 'admin'): Promise<void> {
  const banners = new EngagementBanners(page);
  await expect(banners.tourPrompt).toBeVisible();
  const popover = page.locator('.driver-popover');
  // Enter on the prompt's button; the app may still move focus to the page once as it settles.
  const take = banners.button(banners.tourPrompt, 'Take the tour');
  await expect(async () => {
    if (await take.isVisible()) await take.press('Enter');
    await expect(popover).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });

  const steps = tourSteps[persona];
  for (const [index, step] of steps.entries()) {
    await expect(popover.locator('.driver-popover-title')).toHaveText(step.title);
    await expect(popover.locator('.driver-popover-progress-text')).toHaveText(`Step ${index + 1} of ${steps.length}`);
    // The step points at the menu entry of its section, wherever this layout puts it.
    await expect(page.locator(`.driver-active-element:is(#menu-${step.key}, [data-tour-step="${step.key}"])`)).toBeVisible();
    // Focus stays in the step's popover, and Enter on its main button moves on.
    const next = popover.getByRole('button', { name: index === steps.length - 1 ? 'Done' : 'Next' });
    // Tab keeps focus within the step: its popover and the element it points at.
    await next.focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('.driver-popover :focus, .driver-active-element:focus')).toHaveCount(1);
    // Arrow keys and Enter on the Next button both move on (by turns here). driver.js ignores
    // keys while a step still animates in, so a key that came too early is pressed again.
    const following = steps[index + 1];
    await expect(async () => {
      if (index % 2 === 0) await page.keyboard.press('ArrowRight');
      else await next.press('Enter');
      if (following) await expect(popover.locator('.driver-popover-title')).toHaveText(following.title, { timeout: 3_000 });
      else await expect(popover).toHaveCount(0, { timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
  }
  await expect(popover).toHaveCount(0);
  await expect(banners.tourPrompt).toHaveCount(0);
}

for (const layout of ['desktop', 'phone'] as const) {
  test.describe(`the guided tour (${layout})`, () => {
    if (layout === 'phone') test.use(phone);

    for (const persona of ['student', 'admin'] as const) {
      test(`walks every step by keyboard as ${persona}`, async ({ page, context, baseURL }) => {
        await answered(context, baseURL ?? '', persona, { isTourAnswered: false });
        await signInOn(page, persona, { isFirstRun: true });
        await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
        await walkTourByKeyboard(page, persona);
        expect(await cookieValue(context, baseURL ?? '', 'ShowTourPrompt')).toBe('false');
      });
    }
  });
}

test('Settings, About starts the tour again', async ({ page, context, baseURL }) => {
  await answered(context, baseURL ?? '', 'student', { isTourAnswered: true });
  await signInOn(page, 'student', { isFirstRun: true });
  await page.goto('/user/settings/about');
  await page.getByRole('button', { name: 'Take the guided tour' }).click();
  await expect(page.locator('.driver-popover-title')).toHaveText('Home');
  await page.keyboard.press('Escape');
  await expect(page.locator('.driver-popover')).toHaveCount(0);
});

/** The device has opened the app before: this is a later visit, when the install banner may show. */
async function laterVisit(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, 'an earlier visit');
  }, firstVisitKey);
}

test.describe('the install banner', () => {
  test('shows in a normal tab, with Add to Home Screen steps, and Not now keeps it away', async ({ page, context, baseURL, expectNoAxeViolations }) => {
    await answered(context, baseURL ?? '', 'student', { isTourAnswered: true });
    await laterVisit(context);
    await signInOn(page, 'student', { isFirstRun: true });
    const banners = new EngagementBanners(page);
    await expect(banners.install).toBeVisible();
    // Headless Chromium offers no install prompt here, so the banner explains the browser's way.
    await banners.button(banners.install, 'Show me how').click();
    await expect(banners.install.getByRole('list', { name: 'How to add the app to your home screen' }).getByRole('listitem')).not.toHaveCount(0);
    await expectNoAxeViolations();

    await banners.button(banners.install, 'Not now').click();
    await expect(banners.install).toHaveCount(0);
    await page.reload();
    await new HomePage(page).expectGreeting('Amara');
    await expect(banners.install).toHaveCount(0);
  });

  test('does not show when the app runs standalone', async ({ page, context, baseURL }) => {
    await answered(context, baseURL ?? '', 'student', { isTourAnswered: true });
    await laterVisit(context);
    // Chromium's media emulation has no display-mode, so the page's matchMedia answers as an installed app's would.
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string): MediaQueryList =>
        query.replace(/\s/g, '') === '(display-mode:standalone)'
          ? ({
              matches: true,
              media: query,
              onchange: null,
              addListener: () => undefined,
              removeListener: () => undefined,
              addEventListener: () => undefined,
              removeEventListener: () => undefined,
              dispatchEvent: () => false,
            } satisfies MediaQueryList)
          : original(query);
    });
    await signInOn(page, 'student', { isFirstRun: true });
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    await new HomePage(page).expectGreeting('Amara');
    // The start-up loads settle before the banner would have shown: the answers the page carried
    // are gone (taken, or dropped once the start-up was done), and so is what it asked for.
    await expect(page.locator('script[data-page-answer]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await expect(new EngagementBanners(page).install).toHaveCount(0);
  });
});

test.describe('with Google Analytics 4 configured', () => {
  useOwnServer(test, { env: { ANALYTICS_PROVIDER: 'ga4', ANALYTICS_SITE_ID: 'G-TEST123' } });

  test('Accept loads gtag.js after the denied defaults, pushes the user data; Privacy settings take it back', async ({ page, context, baseURL, expectNoAxeViolations }) => {
    // Google's tag, stood in for: it notes the data layer as it found it and sets GA's cookies.
    await context.route('https://www.googletagmanager.com/gtag/js**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.__dataLayerAtTagLoad = JSON.stringify((window.dataLayer || []).map((entry) => 'length' in entry ? Array.from(entry) : entry));
document.cookie = '_ga=GA1.1.999; Path=/';
document.cookie = '_ga_TEST123=GS1.1.999; Path=/';`,
      }),
    );
    await signInOn(page, 'student', { isFirstRun: true });
    const banners = new EngagementBanners(page);
    const tagRequest = page.waitForRequest((request) => request.url().startsWith('https://www.googletagmanager.com/gtag/js?id=G-TEST123'));
    await banners.button(banners.consent, 'Accept').click();
    await tagRequest;
    expect(await cookieValue(context, baseURL ?? '', 'AnalyticsConsent')).toBe('granted');

    // Every consent signal was denied in the data layer before the tag loaded; then analytics only was granted.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __dataLayerAtTagLoad?: string }).__dataLayerAtTagLoad)).toBeTruthy();
    const atLoad = JSON.parse(await page.evaluate(() => (window as unknown as { __dataLayerAtTagLoad: string }).__dataLayerAtTagLoad)) as unknown[];
    expect(atLoad[0]).toEqual(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }]);
    expect(atLoad[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);

    // The SPEC §3 user analytics data, as the server gives it, is in the data layer.
    const expected = await (await page.request.get('/api/user/analytics')).json();
    const pushed = () => page.evaluate(() => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((entry) => entry.event === 'user_analytics'));
    await expect.poll(pushed).toHaveLength(1);
    expect((await pushed())[0]).toEqual({ event: 'user_analytics', ...expected });
    // No visa status: a third party gets it only with ANALYTICS_SEND_VISA_STATUS on.
    expect(Object.keys(expected).sort()).toEqual(['isStaff', 'isStudent', 'programme', 'school', 'staffJobFamily', 'studyLevel', 'uuid']);
    expect(Object.keys((await pushed())[0] ?? {})).not.toContain('isStudentVisaHolder');

    // On every page load with consent granted.
    await page.goto('/user/settings/privacy');
    await expect.poll(pushed).toHaveLength(1);
    await expect(page.getByText('You have allowed analytics on this device.')).toBeVisible();
    await expectNoAxeViolations();
    expect((await context.cookies(baseURL ?? '')).filter((cookie) => cookie.name.startsWith('_ga'))).toHaveLength(2);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Refuse analytics' }).click();
    await reloaded;
    await expect(page.getByText('You have refused analytics on this device.')).toBeVisible();
    expect(await cookieValue(context, baseURL ?? '', 'AnalyticsConsent')).toBe('denied');
    expect((await context.cookies(baseURL ?? '')).filter((cookie) => cookie.name.startsWith('_ga'))).toEqual([]);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  });
});
