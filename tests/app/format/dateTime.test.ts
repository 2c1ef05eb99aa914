import { describe, expect, it } from 'vitest';
import {
  fromDateAndTime,
  toDateAndTime,
  formatCallDateTime,
  formatDate,
  formatDayAndTime,
  formatDayKey,
  formatShortDate,
  formatTime24,
  formatTimeShort,
  parseDisplayDate,
} from '../../../src/app/format/dateTime';

// Local times, so the results do not depend on the machine's time zone.
const afternoon = new Date(2025, 2, 7, 15, 0, 0);
const halfPast = new Date(2025, 2, 7, 15, 30, 0);
const morning = new Date(2025, 11, 31, 9, 5, 0);

describe('time and date formats (SPEC §9)', () => {
  it('writes a day and time as people say them on the operator screens', () => {
    expect(formatDayAndTime(halfPast)).toBe('Fri 7 Mar, 15:30');
    expect(formatDayAndTime(morning)).toBe('Wed 31 Dec, 09:05');
  });

  it('writes the 24-hour clock as HH:mm', () => {
    expect(formatTime24(afternoon)).toBe('15:00');
    expect(formatTime24(morning)).toBe('09:05');
  });

  it('writes the short am/pm form without minutes on the hour', () => {
    expect(formatTimeShort(afternoon)).toBe('3pm');
    expect(formatTimeShort(halfPast)).toBe('3:30pm');
    expect(formatTimeShort(morning)).toBe('9:05am');
    expect(formatTimeShort(new Date(2025, 0, 1, 0, 0))).toBe('12am');
    expect(formatTimeShort(new Date(2025, 0, 1, 12, 0))).toBe('12pm');
  });

  it('writes display, short, call and day-key dates', () => {
    expect(formatDate(morning)).toBe('31/12/2025');
    expect(formatShortDate(morning)).toBe('31/12/25');
    expect(formatCallDateTime(halfPast)).toBe('2025-03-07T15:30:00');
    expect(formatDayKey(afternoon)).toBe('07-03-2025');
  });

  it('reads DD/MM/YYYY strictly', () => {
    expect(parseDisplayDate('07/03/2025')?.getTime()).toBe(new Date(2025, 2, 7).getTime());
    expect(parseDisplayDate(' 31/12/2025 ')).toBeDefined();
    expect(parseDisplayDate('31/02/2025')).toBeUndefined();
    expect(parseDisplayDate('2025-03-07')).toBeUndefined();
  });

  it('splits an instant into date and time field values and joins them back to the same instant', () => {
    const at = new Date(2026, 10, 26, 9, 5);
    expect(toDateAndTime(at)).toEqual({ date: '2026-11-26', time: '09:05' });
    expect(fromDateAndTime({ date: '2026-11-26', time: '09:05' })).toBe(at.toISOString());
    expect(fromDateAndTime(toDateAndTime('2027-03-28T00:30:00.000Z'))).toBe('2027-03-28T00:30:00.000Z');
  });
});
