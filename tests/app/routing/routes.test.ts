import type { RouteObject } from 'react-router';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../src/app/routes';
import type { RouteHandle } from '../../../src/app/routing/handle';
import { paths } from '../../../src/app/routing/paths';
import { loadCurrentUser } from '../../../src/app/routing/currentUserLoader';
import type { Role } from '../../../src/shared/contract/route';
import type { SignedInUserInfo } from '../../../src/shared/contract/user';

vi.mock('../../../src/app/routing/currentUserLoader', () => ({ loadCurrentUser: vi.fn() }));
// The layout's own dependencies (session machine, start-up, sync) are not what these tests are about.
vi.mock('../../../src/app/layout/SignedInLayout', () => ({ SignedInLayout: () => null }));

const userWith = (userRoles: Role[]) => ({ isSignedIn: true, userFirstName: 'Test', userRoles }) as Partial<SignedInUserInfo> as SignedInUserInfo;

/** Where the router ends up after opening `path` as `user` (null: anonymous). */
async function landsOn(path: string, user: SignedInUserInfo | null): Promise<string> {
  vi.mocked(loadCurrentUser).mockResolvedValue(user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Lazy route modules are transformed on first import, which takes a while on a busy machine.
  await vi.waitFor(
    () => {
      if (!router.state.initialized || router.state.navigation.state !== 'idle') throw new Error('still loading');
    },
    { timeout: 20_000, interval: 20 },
  );
  const pathname = router.state.location.pathname;
  router.dispose();
  return pathname;
}

/** Every route that names itself, with the full path the tree gives it. */
function namedRoutes(tree: RouteObject[], parent = ''): [string, string][] {
  return tree.flatMap((route) => {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}`.replace(/\/+/g, '/') : parent;
    const handle = route.handle as RouteHandle | undefined;
    const own: [string, string][] = handle ? [[handle.routeName, path]] : [];
    return [...own, ...namedRoutes(route.children ?? [], path)];
  });
}

beforeEach(() => {
  vi.mocked(loadCurrentUser).mockReset();
});

// Each test opens many paths, and the first visit of a lazy route transforms its module: the test
// timeout must leave room for the 20 s each navigation may take on a busy machine (the default 5 s
// did not, and failed under load while every wait inside was still within its own limit).
describe('route tree (SPEC §2, §4 route guards)', { timeout: 60_000 }, () => {
  it('names each route at the path `paths` gives it', () => {
    for (const [routeName, path] of namedRoutes(routes)) {
      // A trailing optional segment (/admin/imports/:rowId?, the open report) is not part of the name's path.
      expect(path.replace(/\/:[A-Za-z]+\?$/, ''), routeName).toBe(paths[routeName as keyof typeof paths]);
    }
  });

  it('sends visitors to the landing page and signed-in users away from it', async () => {
    expect(await landsOn('/timetable', null)).toBe('/landing');
    expect(await landsOn('/user/settings/about', null)).toBe('/landing');
    expect(await landsOn('/landing', userWith(['Student']))).toBe('/home');
    expect(await landsOn('/', userWith(['Student']))).toBe('/home');
  });

  it('sends users without a required role to /unauthorized', async () => {
    expect(await landsOn('/timetable', userWith([]))).toBe('/unauthorized');
    expect(await landsOn('/timetable/map/B12', userWith([]))).toBe('/unauthorized');
    expect(await landsOn('/attendance/current', userWith(['TeachingStaff']))).toBe('/unauthorized');
    expect(await landsOn('/admin/links', userWith(['Student']))).toBe('/unauthorized');
  });

  it('lets users with the role in, and follows the default redirects', async () => {
    expect(await landsOn('/timetable', userWith(['TeachingStaff']))).toBe('/timetable');
    expect(await landsOn('/attendance', userWith(['Student']))).toBe('/attendance/current');
    expect(await landsOn('/admin', userWith(['Administrator']))).toBe('/admin/userimpersonation');
    expect(await landsOn('/user/profile', userWith([]))).toBe('/user/profile');
  });

  it('keeps the settings list on narrow screens (no matchMedia here) and opens unknown paths as not found', async () => {
    expect(await landsOn('/user/settings', userWith([]))).toBe('/user/settings');
    expect(await landsOn('/nowhere', null)).toBe('/nowhere');
  });
});
