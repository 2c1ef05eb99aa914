import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { HomePage } from './pages/HomePage';
import { LandingPage } from './pages/LandingPage';
import { PersonaPicker } from './pages/PersonaPicker';

/** The demo personas seeded by the server (src/server/db/seed/personas.ts). */
export type PersonaName =
  | 'student'
  | 'student2'
  | 'student.unenrolled'
  | 'student.unknown'
  | 'lecturer'
  | 'staff'
  | 'admin';

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Fixtures {
  landingPage: LandingPage;
  homePage: HomePage;
  /** Signs in through the real UI: landing page, 'Sign in', then the persona on the server's picker. */
  signInAs: (userName: PersonaName) => Promise<void>;
  /** Fails the test with a readable list when axe finds WCAG 2.1 A/AA violations on the page. */
  expectNoAxeViolations: (page?: Page) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  landingPage: async ({ page }, use) => {
    await use(new LandingPage(page));
  },
  homePage: async ({ page }, use) => {
    await use(new HomePage(page));
  },
  signInAs: async ({ page, landingPage }, use) => {
    await use(async (userName) => {
      await landingPage.goto();
      await landingPage.signIn();
      await new PersonaPicker(page).choose(userName);
      await page.waitForURL('**/home');
    });
  },
  expectNoAxeViolations: async ({ page: testPage }, use) => {
    await use(async (page = testPage) => {
      const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
      const summary = results.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
          violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
      );
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };
