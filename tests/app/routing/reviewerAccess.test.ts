import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCurrentUser } from '../../../src/app/routing/currentUserLoader';
import { requireRoles } from '../../../src/app/routing/loaders';
import { allMenuEntries, capabilitiesOf, visibleMenuEntries } from '../../../src/app/routing/menu';
import { capabilityFor, rolesFor } from '../../../src/app/routing/routeMeta';
import type { SignedInUserInfo } from '../../../src/shared/contract/user';

vi.mock('../../../src/app/routing/currentUserLoader', () => ({ loadCurrentUser: vi.fn() }));

const user = (isAbsenceReviewer: boolean, userRoles: SignedInUserInfo['userRoles'] = []) =>
  ({ isSignedIn: true, userRoles, isAbsenceReviewer }) as Partial<SignedInUserInfo> as SignedInUserInfo;

async function redirectOf(run: () => Promise<unknown>): Promise<string | null> {
  const outcome = await run().catch((thrown: unknown) => thrown);
  return outcome instanceof Response ? outcome.headers.get('Location') : null;
}

beforeEach(() => vi.mocked(loadCurrentUser).mockReset());

describe('the review queue for absence reviewers only', () => {
  const labelsFor = (info: SignedInUserInfo) => visibleMenuEntries(allMenuEntries(), info.userRoles, capabilitiesOf(info)).map((entry) => entry.label);

  it('shows the menu entry to reviewers and to no one else', () => {
    expect(labelsFor(user(true))).toContain('Absence reviews');
    expect(labelsFor(user(true, ['Administrator']))).toContain('Absence reviews');
    expect(labelsFor(user(false, ['Student']))).not.toContain('Absence reviews');
    expect(labelsFor(user(false, ['TeachingStaff']))).not.toContain('Absence reviews');
  });

  it('guards /staff/absences and a request page: non-reviewers go to the unauthorized page', async () => {
    for (const route of ['staffAbsences', 'staffAbsenceDetail'] as const) {
      const guard = requireRoles(rolesFor(route), capabilityFor(route));
      vi.mocked(loadCurrentUser).mockResolvedValue(user(false, ['Student']));
      expect(await redirectOf(guard)).toBe('/unauthorized');
      vi.mocked(loadCurrentUser).mockResolvedValue(user(true));
      await expect(guard()).resolves.toBeNull();
      vi.mocked(loadCurrentUser).mockResolvedValue(null);
      expect(await redirectOf(guard)).toBe('/landing');
    }
  });
});
