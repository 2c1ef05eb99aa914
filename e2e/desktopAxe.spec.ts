import { paths } from '../src/app/routing/paths';
import { test, type PersonaName } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { answerFirstRunBanners } from './support/firstRun';
import { signedOutRoutes, waitForContent, walkPersonas, walkRoutes, type Persona } from './support/routeWalk';
import { signInOn } from './support/signIn';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 20: at 1280×860 every route of src/app/routing/paths.ts is axe-clean (WCAG 2.1 A/AA) for
// every persona that can open it, and the signed-out pages too. The same walk as the phone check
// (e2e/phoneOverflow.spec.ts, e2e/support/routeWalk.ts), one signed-in page per persona.

test.use({ viewport: { width: 1280, height: 860 } });
test.describe.configure({ mode: 'parallel' });

test('signed out: the landing and unauthorized pages are axe-clean at 1280 px', async ({ page, expectNoAxeViolations }) => {
  await new LandingPage(page).goto();
  await answerFirstRunBanners(page);
  for (const routeName of signedOutRoutes) {
    await page.goto(paths[routeName]);
    await waitForContent(page);
    await expectNoAxeViolations();
  }
});

for (const [personaName, persona] of Object.entries(walkPersonas) as [PersonaName, Persona][]) {
  test(`${personaName}: every route they can open is axe-clean at 1280 px`, async ({ page, expectNoAxeViolations }) => {
    test.setTimeout(300_000);
    await signInOn(page, personaName);
    await walkRoutes(page, personaName, persona, async () => {
      await expectNoAxeViolations();
    });
  });
}
