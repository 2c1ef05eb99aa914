import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { daySwipeMinPx, daySwipeStep, nowLineIndex, shownDayKey } from '../../../../src/app/features/timetable/dayView';
import { toEvent, weekDayKeys, weekStart } from '../../../../src/app/features/timetable/timetableDays';
import type { TimetableEntry } from '../../../../src/shared/contract/timetable';

const monday = weekStart(new Date(2026, 9, 7)); // Wednesday 7 October 2026 → Monday 5 October
const weekKeys = weekDayKeys(monday);

describe('shownDayKey', () => {
  const base = { weekKeys, chosenDay: undefined, linkedKey: undefined, todayKey: '07-10-2026', keysWithClasses: new Set(['06-10-2026', '09-10-2026']) };

  it('is today in this week, and the first day with classes in another', () => {
    expect(shownDayKey(base)).toBe('07-10-2026');
    expect(shownDayKey({ ...base, todayKey: '14-10-2026' })).toBe('06-10-2026');
    expect(shownDayKey({ ...base, todayKey: '14-10-2026', keysWithClasses: new Set() })).toBe('05-10-2026');
  });

  it('prefers the day moved to, then a linked class’s day, when they are in the week', () => {
    expect(shownDayKey({ ...base, chosenDay: dayjs(new Date(2026, 9, 10)), linkedKey: '09-10-2026' })).toBe('10-10-2026');
    expect(shownDayKey({ ...base, linkedKey: '09-10-2026' })).toBe('09-10-2026');
    expect(shownDayKey({ ...base, chosenDay: dayjs(new Date(2026, 9, 20)) })).toBe('07-10-2026');
  });
});

describe('nowLineIndex', () => {
  const entry = (hour: number): TimetableEntry => ({ rowId: hour, startTime: new Date(2026, 9, 7, hour).toISOString(), duration: 60 }) as TimetableEntry;
  const events = [entry(9), entry(11), entry(14)].map(toEvent);
  const at = (hour: number, minute = 0) => new Date(2026, 9, 7, hour, minute).getTime();

  it('goes before the first class that has not started', () => {
    expect(nowLineIndex(events, at(8))).toBe(0);
    expect(nowLineIndex(events, at(9, 30))).toBe(1); // the 9:00 class is on: the line follows it
    expect(nowLineIndex(events, at(12))).toBe(2);
    expect(nowLineIndex(events, at(18))).toBe(3);
    expect(nowLineIndex([], at(12))).toBe(0);
  });
});

describe('daySwipeStep', () => {
  it('is the next day for a swipe to the left, the day before for one to the right', () => {
    expect(daySwipeStep(-daySwipeMinPx, 0)).toBe(1);
    expect(daySwipeStep(120, 20)).toBe(-1);
  });

  it('is nothing for a short or a mostly vertical move', () => {
    expect(daySwipeStep(-(daySwipeMinPx - 1), 0)).toBe(0);
    expect(daySwipeStep(-80, 60)).toBe(0);
    expect(daySwipeStep(0, 300)).toBe(0);
  });
});
