import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { HomePage } from './pages/HomePage';
import { LandingPage } from './pages/LandingPage';
import { axeViolations, describeViolations } from './support/axe';
import { setContextClockToServer, testClock, type TestClock } from './support/clock';
import { signInOn } from './support/signIn';

/** The demo personas seeded by the server (src/server/db/seed/personas.ts). */
export type PersonaName =
  | 'student'
  | 'student2'
  | 'student.unenrolled'
  | 'student.unknown'
  | 'lecturer'
  | 'staff'
  | 'support'
  | 'admin';

interface AxeCheckOptions {
  /** The page's clock is paused (`page.clock.pauseAt`): axe's timers need it moved on (e2e/support/axe.ts). */
  readonly isClockPaused?: boolean;
  /** The rule tags to run: WCAG 2.1 A/AA unless a test asks for more (`best-practice`, say). */
  readonly tags?: readonly string[];
}

/** Opens another browser context on the test's server, on the server's time (the `newContext` fixture). */
export type NewContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;

interface Fixtures {
  /** The test's time: its context's clock and its server's, moved together (e2e/support/clock.ts). */
  clock: TestClock;
  /**
   * Another browser context (a second device, another user) on the test's server, its clock on the
   * server's time like the test's own; closed after the test.
   */
  newContext: NewContext;
  landingPage: LandingPage;
  homePage: HomePage;
  /** Signs the test's page in as a demo persona, on /home, its first-run banners answered (e2e/support/signIn.ts). */
  signInAs: (userName: PersonaName) => Promise<void>;
  /** Fails the test with a readable list when axe finds WCAG 2.1 A/AA violations on the page. */
  expectNoAxeViolations: (page?: Page, options?: AxeCheckOptions) => Promise<void>;
}

function baseUrlOf(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('no baseURL: every spec file runs on its own server (useOwnServer, e2e/support/ownServer.ts)');
  return baseURL;
}

async function contextOnServerTime(browser: Browser, baseURL: string, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL });
  await setContextClockToServer(context, baseURL);
  return context;
}

export const test = base.extend<Fixtures>({
  // Every page runs on its server's time: the browser's clock starts where the server's is (both
  // from E2E_CLOCK_START), and runs on at normal speed, as a real device's would.
  context: async ({ context, baseURL }, use) => {
    await setContextClockToServer(context, baseUrlOf(baseURL));
    await use(context);
  },
  clock: async ({ context, baseURL }, use) => {
    await use(testClock(baseUrlOf(baseURL), context));
  },
  newContext: async ({ browser, baseURL }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await contextOnServerTime(browser, baseUrlOf(baseURL), options);
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
  landingPage: async ({ page }, use) => {
    await use(new LandingPage(page));
  },
  homePage: async ({ page }, use) => {
    await use(new HomePage(page));
  },
  signInAs: async ({ page }, use) => {
    await use((userName) => signInOn(page, userName));
  },
  expectNoAxeViolations: async ({ page: testPage }, use) => {
    await use(async (page = testPage, { isClockPaused = false, tags }: AxeCheckOptions = {}) => {
      const summary = describeViolations(await axeViolations(page, { isClockPaused, ...(tags ? { tags } : {}) }));
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };
