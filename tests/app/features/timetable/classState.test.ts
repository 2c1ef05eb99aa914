import { describe, expect, it } from 'vitest';
import {
  classState,
  formatWindowCountdown,
  inProgressLabel,
  isTicking,
  windowMinutesLeft,
} from '../../../../src/app/features/timetable/classState';
import { toEvent } from '../../../../src/app/features/timetable/timetableDays';
import { entry, local } from './fixtures';

const minute = 60_000;
/** A 60-minute class at 09:00: the window opens 08:50 and closes 09:20. */
const start = Date.parse(local(2025, 5, 12, 9));
const end = start + 60 * minute;
const closes = start + 20 * minute;

function monitored(overrides: { isRegistered?: boolean; registeredAt?: string; isCancelled?: boolean; isAttendanceMonitored?: boolean } = {}) {
  return toEvent(entry({
    startTime: new Date(start).toISOString(),
    duration: 60,
    isCancelled: overrides.isCancelled ?? false,
    attendanceDataStudent: {
      registrationStart: new Date(start - 10 * minute).toISOString(),
      isAttendanceMonitored: overrides.isAttendanceMonitored ?? true,
      isRegistered: overrides.isRegistered ?? false,
      ...(overrides.registeredAt ? { registeredAt: overrides.registeredAt } : {}),
    },
  }));
}

describe('classState: the class', () => {
  it('is upcoming before the start, in progress from exactly the start, and ended from exactly the end', () => {
    expect(classState(monitored(), start - 1).progress).toEqual({ kind: 'upcoming' });
    expect(classState(monitored(), start).progress).toEqual({ kind: 'inProgress', msLeft: 60 * minute });
    expect(classState(monitored(), start + 35 * minute).progress).toEqual({ kind: 'inProgress', msLeft: 25 * minute });
    expect(classState(monitored(), end - 1).progress).toEqual({ kind: 'inProgress', msLeft: 1 });
    expect(classState(monitored(), end).progress).toEqual({ kind: 'ended' });
  });

  it('is never in progress when cancelled, and says nothing about registration then', () => {
    expect(classState(monitored({ isCancelled: true }), start + minute)).toEqual({
      progress: { kind: 'cancelled' },
      registration: { kind: 'none' },
    });
  });
});

describe('classState: registration', () => {
  it('counts down to the window, which opens at exactly registrationStart', () => {
    expect(classState(monitored(), start - 11 * minute).registration).toEqual({ kind: 'opensIn', msLeft: minute });
    expect(classState(monitored(), start - 10 * minute).registration).toEqual({ kind: 'closesIn', msLeft: 30 * minute });
  });

  it('counts down to the close while open and unregistered, and is closed from exactly 20 minutes after the start', () => {
    expect(classState(monitored(), start + 5 * minute).registration).toEqual({ kind: 'closesIn', msLeft: 15 * minute });
    expect(classState(monitored(), closes - 1).registration).toEqual({ kind: 'closesIn', msLeft: 1 });
    expect(classState(monitored(), closes).registration).toEqual({ kind: 'closedNotRegistered' });
    expect(classState(monitored(), end + 24 * 60 * minute).registration).toEqual({ kind: 'closedNotRegistered' });
  });

  it('is registered, with the time the server gives, whatever the clock says', () => {
    const registeredAt = new Date(start + 2 * minute).toISOString();
    expect(classState(monitored({ isRegistered: true, registeredAt }), start + 3 * minute).registration)
      .toEqual({ kind: 'registered', atMs: start + 2 * minute });
    expect(classState(monitored({ isRegistered: true, registeredAt }), closes).registration.kind).toBe('registered');
    expect(classState(monitored({ isRegistered: true }), start).registration).toEqual({ kind: 'registered', atMs: undefined });
  });

  it('has nothing to register for an unmonitored class or a lecturer’s view', () => {
    expect(classState(monitored({ isAttendanceMonitored: false }), start).registration).toEqual({ kind: 'none' });
    const lecturers = toEvent(entry({ startTime: new Date(start).toISOString() }));
    expect(classState(lecturers, closes)).toEqual({ progress: { kind: 'inProgress', msLeft: 40 * minute }, registration: { kind: 'none' } });
  });
});

describe('isTicking', () => {
  it('ticks while the class is to come or on, or a window counts down, and not for a past class', () => {
    expect(isTicking(classState(monitored(), start - 60 * minute))).toBe(true);
    expect(isTicking(classState(monitored(), start + 30 * minute))).toBe(true);
    expect(isTicking(classState(monitored(), end))).toBe(false);
    expect(isTicking(classState(monitored({ isCancelled: true }), start - minute))).toBe(false);
  });
});

describe('labels', () => {
  it('says how long the class has left, in whole minutes rounded up', () => {
    expect(inProgressLabel(25 * minute)).toBe('In progress — 25 min left');
    expect(inProgressLabel(24 * minute + 1)).toBe('In progress — 25 min left');
    expect(inProgressLabel(1)).toBe('In progress — 1 min left');
    expect(inProgressLabel(60 * minute)).toBe('In progress — 1 h left');
    expect(inProgressLabel(65 * minute)).toBe('In progress — 1 h 5 min left');
  });

  it('shows the window as mm:ss rounded up, and whole minutes for screen readers', () => {
    expect(formatWindowCountdown(15 * minute)).toBe('15:00');
    expect(formatWindowCountdown(14 * minute + 59_001)).toBe('15:00');
    expect(formatWindowCountdown(65_000)).toBe('01:05');
    expect(formatWindowCountdown(-1)).toBe('00:00');
    expect(windowMinutesLeft(14 * minute + 1)).toBe('15 minutes');
    expect(windowMinutesLeft(30_000)).toBe('1 minute');
  });
});
