import { describe, expect, it } from 'vitest';
import { allMenuEntries, compareMenuOrder, isAllowed, visibleMenuEntries } from '../../../src/app/routing/menu';
import type { Role } from '../../../src/shared/contract/route';

const labelsFor = (roles: Role[]) => visibleMenuEntries(allMenuEntries(), roles).map((entry) => entry.label);

describe('menu (SPEC §2 "Menu")', () => {
  it('shows a student Home, Timetable, Attendance, Resources and Settings, in order', () => {
    expect(labelsFor(['Student'])).toEqual(['Home', 'Timetable', 'Attendance', 'Resources', 'Settings']);
  });

  it('hides Attendance from teaching staff and shows Admin only to administrators', () => {
    expect(labelsFor(['TeachingStaff'])).toEqual(['Home', 'Timetable', 'Resources', 'Settings']);
    expect(labelsFor([])).toEqual(['Home', 'Resources', 'Settings']);
    expect(labelsFor(['Administrator'])).toEqual(['Home', 'Resources', 'Admin', 'Settings']);
    expect(labelsFor(['Student', 'Administrator'])).toContain('Admin');
  });

  it('an empty roles list is open to everyone; otherwise one matching role is enough', () => {
    expect(isAllowed([], [])).toBe(true);
    expect(isAllowed(['Student', 'TeachingStaff'], ['TeachingStaff'])).toBe(true);
    expect(isAllowed(['Administrator'], ['Student'])).toBe(false);
  });

  it('sorts ascending by order and puts entries without one last, keeping their order', () => {
    const entries = [
      { label: 'none-a', order: undefined, allowedRoles: [] },
      { label: 'three', order: 3, allowedRoles: [] },
      { label: 'none-b', order: undefined, allowedRoles: [] },
      { label: 'one', order: 1, allowedRoles: [] },
    ];
    expect(visibleMenuEntries(entries, []).map((entry) => entry.label)).toEqual(['one', 'three', 'none-a', 'none-b']);
    expect(compareMenuOrder({ order: undefined }, { order: undefined })).toBe(0);
  });

  it('settings is sixth and shown on phones only; every entry carries a tour step', () => {
    const settings = allMenuEntries().find((entry) => entry.key === 'settings');
    expect(settings).toMatchObject({ order: 6, showOnMobile: true, showOnDesktop: false, link: '/user/settings' });
    for (const entry of allMenuEntries()) {
      expect(entry.tourStepOptions?.id).toBe(entry.key);
      expect(entry.tourStepOptions?.attachTo.element).toBe(`#${entry.id}`);
    }
  });
});
