import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landingLoader, requireRoles, rootLoader, sessionLoader } from '../../../src/app/routing/loaders';
import { loadCurrentUser } from '../../../src/app/routing/currentUserLoader';
import type { CurrentUser } from '../../../src/app/features/session/currentUser';
import type { SignedInUserInfo } from '../../../src/shared/contract/user';

vi.mock('../../../src/app/routing/currentUserLoader', () => ({ loadCurrentUser: vi.fn() }));

const lecturer = {
  isSignedIn: true,
  userFirstName: 'Helen',
  userRoles: ['TeachingStaff'],
} as Partial<SignedInUserInfo> as SignedInUserInfo;

function signedIn(user: CurrentUser) {
  vi.mocked(loadCurrentUser).mockResolvedValue(user);
}

/** The path a loader redirected to, whether it returned or threw the redirect. */
async function redirectOf(run: () => Promise<unknown>): Promise<string | null> {
  const outcome = await run().catch((thrown: unknown) => thrown);
  return outcome instanceof Response ? outcome.headers.get('Location') : null;
}

beforeEach(() => {
  vi.mocked(loadCurrentUser).mockReset();
});

describe('route loaders (SPEC §4 route guards)', () => {
  it('sends / home when signed in and to the landing page otherwise', async () => {
    signedIn(lecturer);
    expect(await redirectOf(rootLoader)).toBe('/home');
    signedIn(null);
    expect(await redirectOf(rootLoader)).toBe('/landing');
  });

  it('shows the landing page to visitors and sends signed-in users home', async () => {
    signedIn(null);
    await expect(landingLoader()).resolves.toBeNull();
    signedIn(lecturer);
    expect(await redirectOf(landingLoader)).toBe('/home');
  });

  it('gives protected routes the user, and sends visitors to the landing page', async () => {
    signedIn(lecturer);
    await expect(sessionLoader()).resolves.toBe(lecturer);
    signedIn(null);
    expect(await redirectOf(sessionLoader)).toBe('/landing');
  });

  it('sends a user without a required role to the unauthorized page', async () => {
    signedIn(lecturer);
    await expect(requireRoles(['Student', 'TeachingStaff'])()).resolves.toBeNull();
    await expect(requireRoles([])()).resolves.toBeNull();
    expect(await redirectOf(requireRoles(['Administrator']))).toBe('/unauthorized');
    signedIn(null);
    expect(await redirectOf(requireRoles(['Administrator']))).toBe('/landing');
  });
});

describe('settings index on wide screens', () => {
  it('opens the notification settings when the wide-screen query matches, and the list otherwise', async () => {
    const { settingsIndexLoader } = await import('../../../src/app/routing/loaders');
    const { wideScreenQuery } = await import('../../../src/app/routing/media');
    const matchMedia = vi.fn((query: string) => ({ matches: query === wideScreenQuery }));
    vi.stubGlobal('window', { matchMedia });
    try {
      expect(settingsIndexLoader()?.headers.get('Location')).toBe('/user/settings/notifications');
      matchMedia.mockReturnValue({ matches: false });
      expect(settingsIndexLoader()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
