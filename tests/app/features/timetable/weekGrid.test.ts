import { describe, expect, it } from 'vitest';
import { gridHours, placeInLanes } from '../../../../src/app/features/timetable/weekGrid';
import { toEvent } from '../../../../src/app/features/timetable/timetableDays';
import type { TimetableEntry } from '../../../../src/shared/contract/timetable';

const event = (rowId: number, hour: number, minute: number, duration: number) =>
  toEvent({ rowId, startTime: new Date(2026, 9, 5, hour, minute).toISOString(), duration } as TimetableEntry);
const minutesOfDay = (ms: number) => new Date(ms).getHours() * 60 + new Date(ms).getMinutes();

describe('gridHours', () => {
  it('spans 9 to 17 at least, and widens to the earliest start and the latest end', () => {
    expect(gridHours([], minutesOfDay)).toEqual({ first: 9, last: 17 });
    expect(gridHours([event(1, 8, 50, 60), event(2, 17, 30, 90)], minutesOfDay)).toEqual({ first: 8, last: 19 });
  });
});

describe('placeInLanes', () => {
  it('puts overlapping classes side by side and the rest full width', () => {
    const placed = placeInLanes([event(1, 9, 0, 120), event(2, 10, 0, 60), event(3, 10, 30, 60), event(4, 14, 0, 60)]);
    expect(placed.map(({ event: e, lane, lanes }) => [e.rowId, lane, lanes])).toEqual([
      [1, 0, 3],
      [2, 1, 3],
      [3, 2, 3], // at 10:30 all three are on
      [4, 0, 1],
    ]);
  });

  it('reuses a lane once its class has ended', () => {
    const placed = placeInLanes([event(1, 9, 0, 120), event(2, 9, 0, 60), event(3, 10, 0, 60)]);
    expect(placed.map(({ event: e, lane, lanes }) => [e.rowId, lane, lanes])).toEqual([
      [1, 0, 2],
      [2, 1, 2],
      [3, 1, 2],
    ]);
  });
});
