import { afterEach, describe, expect, it } from 'vitest';
import {
  academicYearOf, configureCalendar, DEFAULT_CALENDAR, londonInstant, parseTeachingWeeks, teachingWeeks, type CalendarRules,
} from '../../../src/server/calendar/academicCalendar.js';
import { ConfigError, loadConfig } from '../../../src/server/config.js';

describe('the academic calendar', () => {
  afterEach(() => configureCalendar(DEFAULT_CALENDAR));

  it('starts the default year on the last Monday of September, London time', () => {
    // 2025-09-29 is the last Monday of September 2025.
    expect(academicYearOf(new Date('2025-09-28T22:59:00Z'))).toMatchObject({ label: '2024/25' });
    expect(academicYearOf(new Date('2025-09-28T23:00:00Z'))).toEqual({ start: '2025-09-29', end: '2026-09-28', label: '2025/26' });
  });

  it('follows a configured year start, teaching weeks and time zone', () => {
    const config = loadConfig({ ACADEMIC_YEAR_START: '09-07', TEACHING_WEEKS: '2-3, 5-5r', TIME_ZONE: 'Australia/Sydney' });
    configureCalendar(config.calendar);
    // 2025-09-07 is a Sunday: week 1 is Monday 1 September.
    const year = academicYearOf(new Date('2025-09-01T00:00:00+10:00'));
    expect(year).toEqual({ start: '2025-09-01', end: '2026-09-07', label: '2025/26' });
    expect(academicYearOf(new Date('2025-08-31T23:59:00+10:00')).label).toBe('2024/25');
    expect(teachingWeeks(year)).toEqual([
      { week: 2, monday: '2025-09-08', term: 'autumn', isRevision: false },
      { week: 3, monday: '2025-09-15', term: 'autumn', isRevision: false },
      { week: 5, monday: '2025-09-29', term: 'spring', isRevision: true },
    ]);
    expect(londonInstant('2025-09-08', '09:00').toISOString()).toBe('2025-09-07T23:00:00.000Z');
  });

  it('takes the calendar as an argument as well, without touching the configured one', () => {
    const rules: CalendarRules = { ...DEFAULT_CALENDAR, yearStart: '01-15' };
    expect(academicYearOf(new Date('2026-01-20T12:00:00Z'), rules).start).toBe('2026-01-12');
    expect(academicYearOf(new Date('2026-01-20T12:00:00Z')).label).toBe('2025/26');
  });

  it('refuses malformed calendar variables, naming them', () => {
    expect(() => loadConfig({ ACADEMIC_YEAR_START: '02-29' })).toThrow(/ACADEMIC_YEAR_START must be a month and day/);
    expect(() => loadConfig({ TEACHING_WEEKS: '5-3' })).toThrow(/TEACHING_WEEKS must be rising week spans/);
    expect(() => loadConfig({ TEACHING_WEEKS: '1-12,10-20' })).toThrow(ConfigError);
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE must be an IANA time zone/);
    expect(parseTeachingWeeks('1-12,16-27,31-32r')).toEqual(DEFAULT_CALENDAR.teachingWeeks);
  });
});
