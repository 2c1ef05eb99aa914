import { describe, expect, it } from 'vitest';
import { favouriteResourcesResource, favouriteTrendingResource } from '../../../../src/app/features/favourites/resources';
import { trendingResource } from '../../../../src/app/features/trending/resources';
import { startupResources } from '../../../../src/app/sync/registry';
import { makeUser } from '../../sync/support/fixtures';

const student = makeUser();
const staff = makeUser({ isStudentSignedIn: false, isStaffSignedIn: true, userRoles: [] });

describe('who loads trending content (SPEC §6)', () => {
  it('students only: staff never fetch trending items or trending favourites', () => {
    expect(trendingResource.isAllowed(student)).toBe(true);
    expect(favouriteTrendingResource.isAllowed(student)).toBe(true);
    expect(trendingResource.isAllowed(staff)).toBe(false);
    expect(favouriteTrendingResource.isAllowed(staff)).toBe(false);
  });

  it('favourite resources load at start-up for everyone (SPEC §7); trending does not', () => {
    expect(favouriteResourcesResource.isAllowed(staff)).toBe(true);
    const keys = startupResources().map((resource) => resource.key);
    expect(keys).toContain('favouriteResources');
    expect(keys).not.toContain('trending');
  });
});
