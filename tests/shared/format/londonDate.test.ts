import { describe, expect, it } from 'vitest';
import { dayMonthLabel, londonDateTime } from '../../../src/shared/format/londonDate';

describe('londonDateTime', () => {
  it('reads the London wall clock in summer time and in winter', () => {
    expect(londonDateTime(Date.parse('2026-10-05T08:55:00+01:00'))).toEqual({ date: '2026-10-05', time: '08:55:00' });
    expect(londonDateTime(Date.parse('2026-12-14T23:30:00Z'))).toEqual({ date: '2026-12-14', time: '23:30:00' });
    // 23:30 UTC in July is already the next day in London.
    expect(londonDateTime(Date.parse('2026-07-01T23:30:00Z'))).toEqual({ date: '2026-07-02', time: '00:30:00' });
  });

  it('says midnight as 00, not 24', () => {
    expect(londonDateTime(Date.parse('2026-12-14T00:00:00Z')).time).toBe('00:00:00');
  });
});

describe('dayMonthLabel', () => {
  it('is the day and month name, without a leading zero', () => {
    expect(dayMonthLabel('2026-12-14', '2026-11-14')).toBe('14 December');
    expect(dayMonthLabel('2026-10-03', '2026-10-01')).toBe('3 October');
  });

  it('adds the year when it is not this year', () => {
    expect(dayMonthLabel('2027-01-03', '2026-12-04')).toBe('3 January 2027');
  });
});
