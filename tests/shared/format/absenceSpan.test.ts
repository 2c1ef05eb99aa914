import { describe, expect, it } from 'vitest';
import { absenceSpanLabel, weekdayDate } from '../../../src/shared/format/absenceSpan';

// Issue 31: all-day absences read as dates, never as midnight to midnight.
describe('absenceSpanLabel', () => {
  it('gives one all-day day as its date', () => {
    expect(absenceSpanLabel('2026-11-30T00:00:00+00:00', '2026-12-01T00:00:00+00:00')).toBe('Mon 30/11/2026, all day');
  });

  it('gives several all-day days as a range ending on the last day', () => {
    expect(absenceSpanLabel('2026-11-30T00:00:00+00:00', '2026-12-03T00:00:00+00:00')).toBe('Mon 30/11/2026 to Wed 02/12/2026, all day');
  });

  it('gives times within a day, and across days', () => {
    expect(absenceSpanLabel('2026-10-02T09:00:00+01:00', '2026-10-02T17:00:00+01:00')).toBe('Fri 02/10/2026, 09:00 to 17:00');
    expect(absenceSpanLabel('2026-10-02T09:00:00+01:00', '2026-10-03T12:30:00+01:00')).toBe('Fri 02/10/2026 09:00 to Sat 03/10/2026 12:30');
    // Midnight to a later time is not all day.
    expect(absenceSpanLabel('2026-10-02T00:00:00+01:00', '2026-10-02T12:00:00+01:00')).toBe('Fri 02/10/2026, 00:00 to 12:00');
  });

  it('reads the wall clock the value carries, across a clock change', () => {
    expect(absenceSpanLabel('2026-10-24T00:00:00+01:00', '2026-10-26T00:00:00+00:00')).toBe('Sat 24/10/2026 to Sun 25/10/2026, all day');
    expect(weekdayDate('2026-10-25')).toBe('Sun 25/10/2026');
  });
});
