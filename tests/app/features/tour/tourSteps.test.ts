import { describe, expect, it } from 'vitest';
import { tourStepsFor } from '../../../../src/app/features/tour/tourSteps';
import { sections } from '../../../../src/app/routing/routeMeta';

describe('the guided tour steps', () => {
  it('follow the menu order and only the sections the role can see', () => {
    expect(tourStepsFor(['Student']).map((step) => step.id)).toEqual(['home', 'timetable', 'attendance', 'resources', 'settings']);
    expect(tourStepsFor(['Administrator']).map((step) => step.id)).toEqual(['home', 'resources', 'admin', 'settings']);
    expect(tourStepsFor(['TeachingStaff']).map((step) => step.id)).toEqual(['home', 'timetable', 'resources', 'settings']);
    expect(tourStepsFor([]).map((step) => step.id)).toEqual(['home', 'resources', 'settings']);
  });

  it('carry the SPEC step shape from the route metadata: the element it attaches to, an id and a text', () => {
    const [home] = tourStepsFor(['Student']);
    expect(home).toEqual(sections.home.tourStepOptions);
    expect(home).toMatchObject({ id: 'home', attachTo: { element: '#menu-home' } });
    expect(home?.text.length).toBeGreaterThan(20);
  });
});
