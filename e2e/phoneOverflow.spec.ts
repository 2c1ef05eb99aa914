import type { Page } from '@playwright/test';
import type { Capability, Role } from '../src/shared/contract/route';
import { paths, type RouteName } from '../src/app/routing/paths';
import { capabilityFor, rolesFor } from '../src/app/routing/routeMeta';
import { expect, test, type PersonaName } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { answerFirstRunBanners } from './support/firstRun';
import { findHorizontalOverflow } from './support/horizontalOverflow';
import { signInOn } from './support/signIn';

// Issue 20: at 390×844 nothing on any page is wider than the phone, for every persona on every
// route that persona can open, and every such page is axe-clean at that width.

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'parallel' });

interface Persona {
  readonly roles: readonly Role[];
  readonly capabilities: readonly Capability[];
}

/** The seeded personas' roles and capabilities (src/server/db/seed/personas.ts, reviewers.ts). */
const personas: Readonly<Partial<Record<PersonaName, Persona>>> = {
  student: { roles: ['Student'], capabilities: [] },
  student2: { roles: ['Student'], capabilities: [] },
  lecturer: { roles: ['TeachingStaff'], capabilities: [] },
  staff: { roles: [], capabilities: ['absenceReviewer'] },
  admin: { roles: ['Administrator'], capabilities: ['absenceReviewer'] },
};

/** Routes with a parameter are reached through a link some earlier page shows; students are never linked to a register. */
const isLinkedFor = (routeName: RouteName, persona: Persona) => !(routeName === 'timetableRegister' && !persona.roles.includes('TeachingStaff'));

const signedOutRoutes: readonly RouteName[] = ['landing', 'unauthorized'];

/** Every named route the persona may open (SPEC §2), plain paths first, parameterised ones last. */
function routesFor(persona: Persona): RouteName[] {
  const names = (Object.keys(paths) as RouteName[]).filter((name) => {
    if (signedOutRoutes.includes(name)) return false;
    const roles = rolesFor(name);
    const capability = capabilityFor(name);
    return (roles.length === 0 || roles.some((role) => persona.roles.includes(role))) && (!capability || persona.capabilities.includes(capability));
  });
  const seen = new Set<string>();
  const unique = names.filter((name) => !seen.has(paths[name]) && Boolean(seen.add(paths[name])));
  const hasParams = (name: RouteName) => paths[name].includes(':');
  return [...unique.filter((name) => !hasParams(name)), ...unique.filter((name) => hasParams(name) && isLinkedFor(name, persona))];
}

/** A pattern for the concrete paths of a route with `:params`, with or without a query. */
const patternOf = (routeName: RouteName) => new RegExp(`^${paths[routeName].replace(/:[A-Za-z]+/g, '[^/?#]+')}(?:[?#].*)?$`);

/** Waits for the page's heading and for every 'Loading …' placeholder in it to give way. */
async function waitForContent(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Loading[^.…]*…/);
}

async function expectNoOverflow(page: Page, label: string): Promise<void> {
  const overflow = await findHorizontalOverflow(page);
  expect(overflow.offenders, `elements past the right edge of ${label}`).toEqual([]);
  expect(overflow.documentWidth, `the document width of ${label}`).toBeLessThanOrEqual(overflow.viewportWidth);
}

const links = (page: Page) => page.locator('a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));

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

for (const [personaName, persona] of Object.entries(personas) as [PersonaName, Persona][]) {
  test(`${personaName}: every route they can open fits a 390 px phone and is axe-clean`, async ({ page, expectNoAxeViolations }) => {
    test.setTimeout(300_000);
    await signInOn(page, personaName);
    const found = new Set<string>();
    for (const routeName of routesFor(persona)) {
      let path: string = paths[routeName];
      if (path.includes(':')) {
        const linked = [...found].find((href) => patternOf(routeName).test(href));
        expect(linked, `a link to ${path} on a page ${personaName} opened`).toBeDefined();
        path = linked ?? path;
      }
      await page.goto(path);
      await waitForContent(page);
      await expectNoOverflow(page, `${path} as ${personaName}`);
      await expectNoAxeViolations();
      for (const href of await links(page)) found.add(href);
    }
  });
}
