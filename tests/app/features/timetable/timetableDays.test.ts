import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dayKeyOf,
  findNextEvent,
  formatWeekParam,
  groupByDay,
  parseWeekParam,
  toEvent,
  weekDayKeys,
  weekStart,
} from '../../../../src/app/features/timetable/timetableDays';
import { entry, local } from './fixtures';

describe('toEvent', () => {
  it('derives endTime as the start plus the duration in minutes', () => {
    const event = toEvent(entry({ startTime: local(2025, 5, 12, 9, 0), duration: 90 }));
    expect(event.endTime).toBe(local(2025, 5, 12, 10, 30));
    expect(event.endMs - event.startMs).toBe(90 * 60_000);
  });

  it('keys the day DD-MM-YYYY in local time, also across midnight', () => {
    expect(toEvent(entry({ startTime: local(2025, 5, 2, 23, 30), duration: 120 })).dayKey).toBe('02-05-2025');
  });
});

describe('groupByDay', () => {
  it('groups by DD-MM-YYYY keys with days and events in start order', () => {
    const days = groupByDay([
      entry({ startTime: local(2025, 5, 13, 14) }),
      entry({ startTime: local(2025, 5, 12, 11) }),
      entry({ startTime: local(2025, 5, 12, 9) }),
    ]);
    expect([...days.keys()]).toEqual(['12-05-2025', '13-05-2025']);
    expect(days.get('12-05-2025')?.map((event) => event.startTime)).toEqual([local(2025, 5, 12, 9), local(2025, 5, 12, 11)]);
  });

  it('groups a full academic year without losing an event', () => {
    const entries = Array.from({ length: 5000 }, (_, index) =>
      entry({ startTime: local(2024, 9, 16 + Math.floor(index / 15), 9 + (index % 8)) }),
    );
    const days = groupByDay(entries);
    expect([...days.values()].reduce((sum, events) => sum + events.length, 0)).toBe(5000);
  });
});

describe('week windows', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart(new Date(2025, 4, 18, 20)).format('YYYY-MM-DD')).toBe('2025-05-12'); // a Sunday
    expect(weekStart(new Date(2025, 4, 12, 0)).format('YYYY-MM-DD')).toBe('2025-05-12');
  });

  it('lists the seven day keys of a week', () => {
    expect(weekDayKeys(weekStart(new Date(2025, 4, 14)))).toEqual([
      '12-05-2025', '13-05-2025', '14-05-2025', '15-05-2025', '16-05-2025', '17-05-2025', '18-05-2025',
    ]);
  });

  it('reads ?week= strictly and snaps to its Monday', () => {
    expect(parseWeekParam('2025-05-15')?.format('YYYY-MM-DD')).toBe('2025-05-12');
    expect(parseWeekParam('2025-02-31')).toBeUndefined();
    expect(parseWeekParam('yesterday')).toBeUndefined();
    expect(parseWeekParam(null)).toBeUndefined();
    expect(formatWeekParam(weekStart(new Date(2025, 4, 14)))).toBe('2025-05-12');
  });
});

describe('findNextEvent', () => {
  const days = groupByDay([
    entry({ rowId: 901, startTime: local(2025, 5, 12, 9) }),
    entry({ rowId: 902, startTime: local(2025, 5, 12, 11), isCancelled: true }),
    entry({ rowId: 903, startTime: local(2025, 5, 13, 9) }),
  ]);

  it('is the first class not cancelled still to start (one that is on is in progress, not next)', () => {
    expect(findNextEvent(days, new Date(2025, 4, 12, 8, 59).getTime())?.rowId).toBe(901);
    expect(findNextEvent(days, new Date(2025, 4, 12, 9, 0).getTime())?.rowId).toBe(903);
    expect(findNextEvent(days, new Date(2025, 4, 12, 9, 30).getTime())?.rowId).toBe(903);
    expect(findNextEvent(days, new Date(2025, 4, 12, 10, 30).getTime())?.rowId).toBe(903);
    expect(findNextEvent(days, new Date(2025, 4, 14).getTime())).toBeUndefined();
  });
});

describe('dayKeyOf', () => {
  it('matches the DD-MM-YYYY format of SPEC §3', () => {
    expect(dayKeyOf(new Date(2025, 0, 5, 23, 59))).toBe(dayjs(new Date(2025, 0, 5, 23, 59)).format('DD-MM-YYYY'));
  });
});
