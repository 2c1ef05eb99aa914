import type { Page } from '@playwright/test';
import { paths } from '../src/app/routing/paths';
import { expect, test, type PersonaName } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { answerFirstRunBanners } from './support/firstRun';
import { findHorizontalOverflow } from './support/horizontalOverflow';
import { signedOutRoutes, waitForContent, walkPersonas, walkRoutes, type Persona } from './support/routeWalk';
import { axeViolations } from './support/axe';
import { signInOn } from './support/signIn';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 20, for every persona on every route that persona can open (and the signed-out pages):
// - at 390×844 nothing on the page is wider than the phone, and the page is axe-clean;
// - at 1280×860 the same page is axe-clean (WCAG 2.1 A/AA).
// One walk serves both widths: each page is opened once (inside the running app,
// e2e/support/routeWalk.ts), checked on the phone, then widened and checked again. (Loading
// every page twice, once per width, cost about a tenth of the e2e run.)
// The app's layout follows the width live (CSS, and `useMediaQuery`'s change listener), so a
// widened page is the page a wide screen loads.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 860 };

test.use({ viewport: phone });
test.describe.configure({ mode: 'parallel' });

async function expectNoOverflow(page: Page, label: string): Promise<void> {
  const overflow = await findHorizontalOverflow(page);
  expect(overflow.offenders, `elements past the right edge of ${label}`).toEqual([]);
  expect(overflow.documentWidth, `the document width of ${label}`).toBeLessThanOrEqual(overflow.viewportWidth);
}

/** The page as loaded (at phone width): fits and is axe-clean; widened to a desktop: axe-clean; back to the phone for the next. */
async function checkBothWidths(page: Page, label: string, expectNoAxeViolations: () => Promise<void>): Promise<void> {
  await expectNoOverflow(page, label);
  await expectNoAxeViolations();
  await page.setViewportSize(desktop);
  // What follows the width re-renders on resize (media queries' listeners, resize observers): two
  // frames let those renders land before the content is awaited and checked.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await waitForContent(page);
  await expectNoAxeViolations();
  await page.setViewportSize(phone);
}

test('signed out: the landing and unauthorized pages fit a phone and are axe-clean at both widths', async ({ page, expectNoAxeViolations }) => {
  await new LandingPage(page).goto();
  await answerFirstRunBanners(page);
  for (const routeName of signedOutRoutes) {
    await page.goto(paths[routeName]);
    await waitForContent(page);
    await checkBothWidths(page, paths[routeName], () => expectNoAxeViolations());
  }
});

for (const [personaName, persona] of Object.entries(walkPersonas) as [PersonaName, Persona][]) {
  test(`${personaName}: every route they can open fits a 390 px phone and is axe-clean there and at 1280 px`, async ({ page, expectNoAxeViolations }) => {
    test.setTimeout(480_000);
    await signInOn(page, personaName);
    await walkRoutes(page, personaName, persona, (path) => checkBothWidths(page, `${path} as ${personaName}`, () => expectNoAxeViolations()));
  });
}

test('the walk’s axe check reports what it finds: a nameless button and a picture with no text alternative', async ({ page }) => {
  // The check injects axe-core into the page itself (e2e/support/axe.ts); a page with a violation must fail it.
  await page.setContent('<!doctype html><html lang="en"><title>Broken</title><main><h1>Broken</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main></html>');
  const violations = await axeViolations(page);
  expect(violations.map((violation) => violation.id).sort()).toEqual(['button-name', 'image-alt']);
  // A second check on the same document reuses the axe already there, with the same verdict.
  expect((await axeViolations(page)).map((violation) => violation.id).sort()).toEqual(['button-name', 'image-alt']);
});
