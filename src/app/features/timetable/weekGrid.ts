import type { TimetableEvent } from './timetableDays';

/** Hours the grid always shows, so a light week still reads as a working day. */
export const gridDefaultHours = { first: 9, last: 17 } as const;

/** The whole hours the grid spans: from the earliest start to the latest end of the week's classes. */
export function gridHours(events: readonly TimetableEvent[], minutesOfDay: (ms: number) => number): { first: number; last: number } {
  let first: number = gridDefaultHours.first;
  let last: number = gridDefaultHours.last;
  for (const event of events) {
    const start = minutesOfDay(event.startMs);
    const end = start + event.duration;
    first = Math.min(first, Math.floor(start / 60));
    last = Math.max(last, Math.min(24, Math.ceil(end / 60)));
  }
  return { first, last };
}

export interface PlacedEvent {
  readonly event: TimetableEvent;
  /** Side by side with the classes it overlaps: its lane, and how many lanes its group has. */
  readonly lane: number;
  readonly lanes: number;
}

/**
 * One day's classes (in start order) given lanes, so overlapping classes sit side by side: each
 * takes the first lane free at its start; a group of classes that overlap one another shares the
 * number of lanes it needed.
 */
export function placeInLanes(events: readonly TimetableEvent[]): PlacedEvent[] {
  const placed: { event: TimetableEvent; lane: number; group: number }[] = [];
  const groupLanes: number[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  for (const event of events) {
    if (event.startMs >= groupEnd) {
      groupLanes.push(0);
      laneEnds = [];
    }
    const free = laneEnds.findIndex((end) => end <= event.startMs);
    const lane = free === -1 ? laneEnds.length : free;
    laneEnds[lane] = event.endMs;
    groupEnd = Math.max(event.startMs >= groupEnd ? event.endMs : groupEnd, event.endMs);
    const group = groupLanes.length - 1;
    groupLanes[group] = Math.max(groupLanes[group] ?? 0, lane + 1);
    placed.push({ event, lane, group });
  }
  return placed.map(({ event, lane, group }) => ({ event, lane, lanes: groupLanes[group] ?? 1 }));
}
