import { describe, expect, it } from 'vitest';
import {
  academicYearOf, earlierAcademicYear, lastMondayOfSeptember, londonDate, londonInstant, teachingWeeks,
} from '../../../src/server/calendar/academicCalendar.js';
import { createRng } from '../../../src/server/db/seed/prng.js';

describe('the demo calendar', () => {
  it('starts the academic year on the last Monday of September', () => {
    expect(lastMondayOfSeptember(2025)).toBe('2025-09-29');
    expect(lastMondayOfSeptember(2024)).toBe('2024-09-30');
    expect(lastMondayOfSeptember(2026)).toBe('2026-09-28');
  });

  it('picks the year that contains the London date of today', () => {
    expect(academicYearOf(new Date('2025-09-29T00:30:00+01:00')).label).toBe('2025/26');
    expect(academicYearOf(new Date('2025-09-28T23:30:00Z')).label).toBe('2025/26'); // 00:30 in London
    expect(academicYearOf(new Date('2025-09-28T12:00:00Z')).label).toBe('2024/25');
    expect(academicYearOf(new Date('2026-01-15T12:00:00Z'))).toEqual({ start: '2025-09-29', end: '2026-09-28', label: '2025/26' });
    expect(earlierAcademicYear(academicYearOf(new Date('2026-01-15T12:00:00Z')), 2).label).toBe('2023/24');
  });

  it('has autumn and spring teaching around a Christmas break', () => {
    const weeks = teachingWeeks(academicYearOf(new Date('2026-01-15T12:00:00Z')));
    expect(weeks[0]).toEqual({ week: 1, monday: '2025-09-29', term: 'autumn', isRevision: false });
    expect(weeks.find((w) => w.week === 12)?.monday).toBe('2025-12-15');
    expect(weeks.some((w) => w.week === 13)).toBe(false);
    expect(weeks.find((w) => w.week === 16)?.monday).toBe('2026-01-12');
  });

  it('converts London wall-clock times across daylight saving', () => {
    expect(londonInstant('2025-10-13', '09:00').toISOString()).toBe('2025-10-13T08:00:00.000Z');
    expect(londonInstant('2025-11-13', '09:00').toISOString()).toBe('2025-11-13T09:00:00.000Z');
    expect(londonDate(new Date('2025-10-13T23:30:00Z'))).toBe('2025-10-14');
  });
});

describe('the seeded generator', () => {
  it('repeats for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const draws = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(draws);
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(createRng(43).next()).not.toBe(draws[0]);
  });
});
