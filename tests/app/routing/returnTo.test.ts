import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landingLoader, requireRoles, sessionLoader } from '../../../src/app/routing/loaders';
import { landingFor, signInHref } from '../../../src/app/routing/returnTo';
import { loadCurrentUser } from '../../../src/app/routing/currentUserLoader';
import type { SignedInUserInfo } from '../../../src/shared/contract/user';

/** Issue 20, item 2: a deep link survives sign-in, and only ever to this site. */

vi.mock('../../../src/app/routing/currentUserLoader', () => ({ loadCurrentUser: vi.fn() }));

const origin = 'https://campus.example.ac.uk';
const hostile = ['//evil.example', 'https://evil.example', '/\\evil.example', '/.//evil.example', 'javascript:alert(1)'];
const at = (path: string) => ({ request: { url: `${origin}${path}` } });

async function redirectOf(run: () => Promise<unknown>): Promise<string | null> {
  const outcome = await run().catch((thrown: unknown) => thrown);
  return outcome instanceof Response ? outcome.headers.get('Location') : null;
}

beforeEach(() => {
  vi.mocked(loadCurrentUser).mockReset();
});

describe('the route guards', () => {
  it('send a visitor to the landing page with the path and query they asked for', async () => {
    vi.mocked(loadCurrentUser).mockResolvedValue(null);
    expect(await redirectOf(() => sessionLoader(at('/attendance/previous')))).toBe('/landing?returnTo=%2Fattendance%2Fprevious');
    expect(await redirectOf(() => requireRoles(['Student'])(at('/timetable?week=2025-11-24'))))
      .toBe('/landing?returnTo=%2Ftimetable%3Fweek%3D2025-11-24');
  });

  it('leave the landing page plain for /home itself, or when no URL is known', () => {
    expect(landingFor(`${origin}/home`)).toBe('/landing');
    expect(landingFor(undefined)).toBe('/landing');
  });

  it('send a signed-in user opening the landing page to its returnTo on this site, else home', async () => {
    vi.mocked(loadCurrentUser).mockResolvedValue({ isSignedIn: true, userRoles: ['Student'] } as Partial<SignedInUserInfo> as SignedInUserInfo);
    expect(await redirectOf(() => landingLoader(at('/landing?returnTo=%2Fattendance%2Fprevious%3Fx%3D1')))).toBe('/attendance/previous?x=1');
    for (const value of hostile) {
      expect(await redirectOf(() => landingLoader(at(`/landing?returnTo=${encodeURIComponent(value)}`)))).toBe('/home');
    }
  });
});

describe("the landing's Sign in", () => {
  it('carries a same-origin returnTo to the server, query string included', () => {
    expect(signInHref('?returnTo=%2Fattendance%2Fprevious%3Fyear%3D2', origin)).toBe('/api/user/signin?returnTo=%2Fattendance%2Fprevious%3Fyear%3D2');
  });

  it.each(hostile)('drops %j, so the server signs in to /home', (value) => {
    expect(signInHref(`?returnTo=${encodeURIComponent(value)}`, origin)).toBe('/api/user/signin');
  });

  it('is the plain sign-in without a returnTo', () => {
    expect(signInHref('', origin)).toBe('/api/user/signin');
  });

  it('asks for keepSignedIn=1 when "Keep me signed in on this device" is ticked, beside any returnTo', () => {
    expect(signInHref('', origin, true)).toBe('/api/user/signin?keepSignedIn=1');
    expect(signInHref('?returnTo=%2Ftimetable', origin, true)).toBe('/api/user/signin?returnTo=%2Ftimetable&keepSignedIn=1');
    expect(signInHref('?returnTo=%2Ftimetable', origin, false)).toBe('/api/user/signin?returnTo=%2Ftimetable');
  });
});
