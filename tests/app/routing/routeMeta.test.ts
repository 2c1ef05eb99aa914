import { describe, expect, it } from 'vitest';
import { pathTo, paths } from '../../../src/app/routing/paths';
import { pageTitle, rolesFor, sections } from '../../../src/app/routing/routeMeta';
import { formatDocumentTitle } from '../../../src/app/ui/DocumentTitle';

describe('route metadata', () => {
  it('gives each section the roles of SPEC §6', () => {
    expect(rolesFor('timetableMap')).toEqual(['Student', 'TeachingStaff']);
    expect(rolesFor('attendancePreviousYears')).toEqual(['Student']);
    expect(rolesFor('adminLinks')).toEqual(['Administrator']);
    expect(rolesFor('resources')).toEqual([]);
    expect(rolesFor('userProfile')).toEqual([]);
  });

  it('has friendly one-sentence tour texts for the six sections', () => {
    for (const section of Object.values(sections)) {
      expect(section.tourStepOptions.text).toMatch(/^[A-Z].{30,}[.]$/);
      expect(section.tourStepOptions.text.match(/[.!?](\s|$)/g)).toHaveLength(1);
    }
  });

  it('makes the document title "label | Campus Companion", with the room id on the map page', () => {
    expect(formatDocumentTitle(pageTitle('home'))).toBe('Home | Campus Companion');
    expect(formatDocumentTitle(pageTitle('timetableMap', { roomId: 'B.2.14' }))).toBe('B.2.14 | Campus Companion');
    expect(formatDocumentTitle(pageTitle('settingsAbout'))).toBe('About | Campus Companion');
    expect(formatDocumentTitle()).toBe('Campus Companion');
  });

  it('builds paths by name', () => {
    expect(pathTo('timetableMap', { roomId: 'LT 1' })).toBe('/timetable/map/LT%201');
    expect(paths.settingsNotifications).toBe('/user/settings/notifications');
  });
});
