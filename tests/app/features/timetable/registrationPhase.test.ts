import { describe, expect, it } from 'vitest';
import { computeClockOffset } from '../../../../src/app/features/timetable/clockOffset';
import { formatCountdown } from '../../../../src/app/features/timetable/registrationPhase';

describe('computeClockOffset', () => {
  it('is the server time minus the middle of the request', () => {
    expect(computeClockOffset(new Date(10_500).toISOString(), 1000, 2000)).toBe(9000);
    expect(computeClockOffset(1000, 1000, 1000)).toBe(0);
    expect(computeClockOffset(new Date(0).toISOString(), 4000, 6000)).toBe(-5000);
  });

  it('ignores an unreadable time', () => {
    expect(computeClockOffset('not a date', 0, 10)).toBe(0);
  });
});

describe('formatCountdown', () => {
  it('shows HH:MM:SS, days when a day or more, and rounds seconds up', () => {
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(3_722_001)).toBe('01:02:03');
    expect(formatCountdown(2 * 86_400_000 + 5000)).toBe('2d 00:00:05');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
