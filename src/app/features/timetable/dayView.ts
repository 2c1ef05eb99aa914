import type { Dayjs } from 'dayjs';
import { formats } from '../../../shared/constants';
import type { TimetableEvent } from './timetableDays';

interface ShownDayInput {
  /** The week's seven day keys ('DD-MM-YYYY'), Monday first. */
  readonly weekKeys: readonly string[];
  /** The day the student moved to (`?day=`), if any. */
  readonly chosenDay: Dayjs | undefined;
  /** The day of the class a link names (`#class-<rowId>`), if it is in this week. */
  readonly linkedKey: string | undefined;
  readonly todayKey: string;
  /** The week's days that have classes. */
  readonly keysWithClasses: ReadonlySet<string>;
}

/**
 * The day a phone's day view shows (issue 34 §1): the one the student moved to; else a linked
 * class's; else today, in this week; else the week's first day with classes; else its Monday.
 */
export function shownDayKey({ weekKeys, chosenDay, linkedKey, todayKey, keysWithClasses }: ShownDayInput): string {
  const chosenKey = chosenDay?.format(formats.dayKey);
  const candidates = [chosenKey, linkedKey, todayKey, weekKeys.find((key) => keysWithClasses.has(key))];
  return candidates.find((key): key is string => key !== undefined && weekKeys.includes(key)) ?? weekKeys[0] ?? todayKey;
}

/** Where the "now" line goes among a day's classes: before the first that has not started. */
export function nowLineIndex(events: readonly TimetableEvent[], nowMs: number): number {
  const index = events.findIndex((event) => event.startMs > nowMs);
  return index === -1 ? events.length : index;
}

/** The least sideways travel, in CSS pixels, that counts as a swipe to the next or previous day. */
export const daySwipeMinPx = 50;

/**
 * A finished drag read as a swipe between days: mostly sideways and far enough. Left (towards the
 * next day) is 1, right is -1, anything else 0.
 */
export function daySwipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < daySwipeMinPx || Math.abs(dx) < 1.5 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
