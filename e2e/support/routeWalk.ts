import { expect, type Page } from '@playwright/test';
import type { Capability, Role } from '../../src/shared/contract/route';
import { paths, type RouteName } from '../../src/app/routing/paths';
import { capabilityFor, rolesFor } from '../../src/app/routing/routeMeta';
import type { PersonaName } from '../fixtures';

/**
 * The route walk of e2e/routeWalk.spec.ts, which checks every page at phone and desktop
 * widths (issue 20): every named route of src/app/routing/paths.ts that a
 * persona can open, visited in one signed-in page, with a check run on each.
 */

export interface Persona {
  readonly roles: readonly Role[];
  readonly capabilities: readonly Capability[];
}

/** The seeded personas' roles and capabilities (src/server/db/seed/personas.ts, reviewers.ts: `support` is in Student Support). */
export const walkPersonas: Readonly<Partial<Record<PersonaName, Persona>>> = {
  student: { roles: ['Student'], capabilities: [] },
  student2: { roles: ['Student'], capabilities: [] },
  lecturer: { roles: ['TeachingStaff'], capabilities: [] },
  staff: { roles: [], capabilities: ['absenceReviewer'] },
  support: { roles: [], capabilities: ['studentSupport'] },
  admin: { roles: ['Administrator'], capabilities: ['absenceReviewer', 'studentSupport'] },
};

/** Routes with a parameter are reached through a link some earlier page shows; students are never linked to a register. */
const isLinkedFor = (routeName: RouteName, persona: Persona) => !(routeName === 'timetableRegister' && !persona.roles.includes('TeachingStaff'));

/** The routes that are only for the signed out. */
export const signedOutRoutes: readonly RouteName[] = ['landing', 'unauthorized'];

/** Every named route the persona may open (SPEC §2), plain paths first, parameterised ones last. */
export function routesFor(persona: Persona): RouteName[] {
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

/**
 * Waits for the page's heading, for every 'Loading …' placeholder in it to give way, and for its
 * finite transitions and animations to end: a theme applied from the user's settings (student2's
 * dark theme) fades the buttons' colours, and axe would measure the contrast of a colour midway.
 */
export async function waitForContent(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Loading[^.…]*…/);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Opens `path` in the running app through the router's history (a popstate), with no page
 * load. The walk then starts the app once per persona rather than once per route (each start was
 * most of a route's cost), and axe stays injected. A page's own loads are walked by the specs about
 * it. The wait is for the shell to commit the new page: `usePageTransition` marks every change of
 * page with a direction class, taken off here first. A path the app is already on (where the
 * previous route redirected) is left as it is.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const isThere = await page.evaluate((target) => {
    if (`${window.location.pathname}${window.location.search}`.toLowerCase() === target.toLowerCase()) return true;
    document.querySelector('.page-transition')?.classList.remove('page-transition--left', 'page-transition--right');
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return false;
  }, path);
  if (!isThere) await page.locator('.page-transition:is(.page-transition--left, .page-transition--right)').waitFor({ state: 'attached' });
}

const links = (page: Page) => page.locator('a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));

/**
 * Opens, in the signed-in `page` and inside the running app, every route `persona` may open, waits
 * for its content and runs `check` on it with the path opened. A route with `:params` opens at the
 * first matching link an earlier page showed (and fails the walk when none did).
 */
export async function walkRoutes(page: Page, personaName: PersonaName, persona: Persona, check: (path: string) => Promise<void>): Promise<void> {
  const found = new Set<string>();
  for (const routeName of routesFor(persona)) {
    let path: string = paths[routeName];
    if (path.includes(':')) {
      const linked = [...found].find((href) => patternOf(routeName).test(href));
      expect(linked, `a link to ${path} on a page ${personaName} opened`).toBeDefined();
      path = linked ?? path;
    }
    await openInApp(page, path);
    await waitForContent(page);
    await check(path);
    for (const href of await links(page)) found.add(href);
  }
}
