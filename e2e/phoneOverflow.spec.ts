import type { Page } from '@playwright/test';
import { paths } from '../src/app/routing/paths';
import { expect, test, type PersonaName } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { answerFirstRunBanners } from './support/firstRun';
import { findHorizontalOverflow } from './support/horizontalOverflow';
import { signedOutRoutes, waitForContent, walkPersonas, walkRoutes, type Persona } from './support/routeWalk';
import { signInOn } from './support/signIn';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 20: at 390×844 nothing on any page is wider than the phone, for every persona on every
// route that persona can open, and every such page is axe-clean at that width. The desktop walk
// is e2e/desktopAxe.spec.ts; both share e2e/support/routeWalk.ts.

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'parallel' });

async function expectNoOverflow(page: Page, label: string): Promise<void> {
  const overflow = await findHorizontalOverflow(page);
  expect(overflow.offenders, `elements past the right edge of ${label}`).toEqual([]);
  expect(overflow.documentWidth, `the document width of ${label}`).toBeLessThanOrEqual(overflow.viewportWidth);
}

test('signed out: the landing and unauthorized pages fit a phone and are axe-clean', async ({ page, expectNoAxeViolations }) => {
  await new LandingPage(page).goto();
  await answerFirstRunBanners(page);
  for (const routeName of signedOutRoutes) {
    await page.goto(paths[routeName]);
    await waitForContent(page);
    await expectNoOverflow(page, paths[routeName]);
    await expectNoAxeViolations();
  }
});

for (const [personaName, persona] of Object.entries(walkPersonas) as [PersonaName, Persona][]) {
  test(`${personaName}: every route they can open fits a 390 px phone and is axe-clean`, async ({ page, expectNoAxeViolations }) => {
    test.setTimeout(300_000);
    await signInOn(page, personaName);
    await walkRoutes(page, personaName, persona, async (path) => {
      await expectNoOverflow(page, `${path} as ${personaName}`);
      await expectNoAxeViolations();
    });
  });
}
