import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { TimetableEntry } from '../../../shared/contract/timetable';
import { formats } from '../../../shared/constants';

dayjs.extend(customParseFormat);

/** An entry with its derived end (SPEC §3: start plus duration) and its day key. */
export interface TimetableEvent extends TimetableEntry {
  readonly startMs: number;
  readonly endMs: number;
  /** ISO date-time of startTime + duration minutes. */
  readonly endTime: string;
  /** 'DD-MM-YYYY' in local time. */
  readonly dayKey: string;
}

const minuteMs = 60_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** formats.dayKey ('DD-MM-YYYY') of a local date; by hand, as a year of events is thousands of calls. */
export function dayKeyOf(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

export function toEvent(entry: TimetableEntry): TimetableEvent {
  const start = new Date(entry.startTime);
  const startMs = start.getTime();
  const endMs = startMs + entry.duration * minuteMs;
  return { ...entry, startMs, endMs, endTime: new Date(endMs).toISOString(), dayKey: dayKeyOf(start) };
}

/** Events in start order, grouped by day: a Map keyed 'DD-MM-YYYY', days in order. */
export type DayGroups = ReadonlyMap<string, readonly TimetableEvent[]>;

export function groupByDay(entries: readonly TimetableEntry[]): DayGroups {
  const events = entries.map(toEvent).sort((a, b) => a.startMs - b.startMs || a.moduleCode.localeCompare(b.moduleCode));
  const days = new Map<string, TimetableEvent[]>();
  for (const event of events) {
    const day = days.get(event.dayKey);
    if (day) day.push(event);
    else days.set(event.dayKey, [event]);
  }
  return days;
}

/** The Monday (00:00 local) of the week holding `date`. */
export function weekStart(date: Dayjs | Date | string | number): Dayjs {
  const day = dayjs(date).startOf('day');
  return day.subtract((day.day() + 6) % 7, 'day');
}

/** The seven day keys of the week starting `monday`. */
export function weekDayKeys(monday: Dayjs): string[] {
  return Array.from({ length: 7 }, (_, index) => monday.add(index, 'day').format(formats.dayKey));
}

/**
 * Reads `?week=YYYY-MM-DD` strictly: the Monday of that week, or undefined. With `keepDay`
 * (`?day=`), the day itself.
 */
export function parseWeekParam(value: string | null, { keepDay = false } = {}): Dayjs | undefined {
  if (!value) return undefined;
  const parsed = dayjs(value, formats.nativeDate, true);
  if (!parsed.isValid()) return undefined;
  return keepDay ? parsed.startOf('day') : weekStart(parsed);
}

/** `?week=` or `?day=`: 'YYYY-MM-DD'. */
export function formatWeekParam(day: Dayjs): string {
  return day.format(formats.nativeDate);
}

/** The first class not cancelled that has not started yet (one that is on says 'In progress' instead). */
export function findNextEvent(days: DayGroups, nowMs: number): TimetableEvent | undefined {
  for (const events of days.values()) {
    const next = events.find((event) => !event.isCancelled && event.startMs > nowMs);
    if (next) return next;
  }
  return undefined;
}

/** Parses a 'DD-MM-YYYY' key back to its local midnight. */
export function dayOfKey(key: string): Dayjs {
  return dayjs(key, formats.dayKey, true);
}
