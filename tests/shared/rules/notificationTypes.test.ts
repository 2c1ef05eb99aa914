import { describe, expect, it } from 'vitest';
import { allowedNotificationTypes, normaliseTypes } from '../../../src/shared/rules/notificationTypes';

describe('allowedNotificationTypes (SPEC §6)', () => {
  it.each([
    [[], ['General']],
    [['Administrator'], ['General']],
    [['TeachingStaff'], ['General', 'Timetable']],
    [['Student'], ['General', 'Timetable', 'Attendance']],
    [['Administrator', 'TeachingStaff'], ['General', 'Timetable']],
    [['TeachingStaff', 'Student'], ['General', 'Timetable', 'Attendance']],
  ] as const)('roles %j may choose %j', (roles, expected) => {
    expect(allowedNotificationTypes(roles)).toEqual(expected);
  });
});

describe('normaliseTypes', () => {
  it('drops repeats and returns the display order', () => {
    expect(normaliseTypes(['Attendance', 'General', 'Attendance', 'Timetable'])).toEqual(['General', 'Timetable', 'Attendance']);
    expect(normaliseTypes([])).toEqual([]);
  });
});
