import { describe, expect, it } from 'vitest';
import { computeClockOffset } from '../../../../src/app/features/timetable/clockOffset';
import { formatCountdown, isAwaitingRegistration, registrationPhase } from '../../../../src/app/features/timetable/registrationPhase';
import { toEvent } from '../../../../src/app/features/timetable/timetableDays';
import { entry, local } from './fixtures';

const minute = 60_000;
const start = Date.parse(local(2025, 5, 12, 9));

function monitored(overrides: { isRegistered?: boolean; isCancelled?: boolean; isAttendanceMonitored?: boolean } = {}) {
  return toEvent(entry({
    startTime: new Date(start).toISOString(),
    isCancelled: overrides.isCancelled ?? false,
    attendanceDataStudent: {
      registrationStart: new Date(start - 10 * minute).toISOString(),
      isAttendanceMonitored: overrides.isAttendanceMonitored ?? true,
      isRegistered: overrides.isRegistered ?? false,
    },
  }));
}

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

describe('registrationPhase', () => {
  it('counts down to registrationStart', () => {
    expect(registrationPhase(monitored(), start - 11 * minute)).toEqual({ kind: 'countdown', msLeft: minute });
  });

  it('opens at zero and closes 20 minutes after the start', () => {
    expect(registrationPhase(monitored(), start - 10 * minute).kind).toBe('open');
    expect(registrationPhase(monitored(), start + 20 * minute - 1).kind).toBe('open');
    expect(registrationPhase(monitored(), start + 20 * minute).kind).toBe('closed');
  });

  it('says registered, and nothing for unmonitored, cancelled or staff events', () => {
    expect(registrationPhase(monitored({ isRegistered: true }), start).kind).toBe('registered');
    expect(registrationPhase(monitored({ isAttendanceMonitored: false }), start).kind).toBe('none');
    expect(registrationPhase(monitored({ isCancelled: true }), start).kind).toBe('none');
    expect(registrationPhase(toEvent(entry({ startTime: local(2025, 5, 12, 9) })), start).kind).toBe('none');
  });

  it('needs the clock only while counting down or open', () => {
    expect(isAwaitingRegistration(monitored(), start - 60 * minute)).toBe(true);
    expect(isAwaitingRegistration(monitored(), start + 30 * minute)).toBe(false);
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
