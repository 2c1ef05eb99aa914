import { addLocalDays } from '../../../../shared/rules/absences/dates.js';
import { type AcademicYear, type TeachingWeek, addMinutes, londonInstant, teachingWeeks } from '../calendar.js';

/**
 * A teaching group's weekly slots expanded into occurrences over its year's teaching weeks, as
 * the demo seed plans them: every slot in a teaching week, only the module's first slot (index
 * 0) in a revision week. Times are wall-clock times in the university's zone, so a 09:00 class
 * stays at 09:00 across a daylight-saving change.
 */

export interface WeeklySlot {
  /** The slot's index in its module's week: part of each occurrence's id. */
  readonly index: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  readonly weekday: number;
  /** 'HH:mm' */
  readonly time: string;
  readonly minutes: number;
}

export interface Occurrence {
  readonly week: TeachingWeek;
  readonly slotIndex: number;
  readonly start: Date;
  readonly end: Date;
}

export type WeeklyExpander = (slots: readonly WeeklySlot[]) => Generator<Occurrence>;

/** An expander for one year; it remembers the instants it has worked out, as many groups share them. */
export function weeklyExpander(year: AcademicYear): WeeklyExpander {
  const weeks = teachingWeeks(year);
  const instants = new Map<string, Date>();
  const instantOf = (date: string, time: string): Date => {
    const key = `${date}T${time}`;
    let instant = instants.get(key);
    if (!instant) {
      instant = londonInstant(date, time);
      instants.set(key, instant);
    }
    return instant;
  };
  return function* occurrences(slots) {
    for (const week of weeks) {
      for (const slot of slots) {
        if (week.isRevision && slot.index !== 0) continue;
        const start = instantOf(addLocalDays(week.monday, slot.weekday - 1), slot.time);
        yield { week, slotIndex: slot.index, start, end: addMinutes(start, slot.minutes) };
      }
    }
  };
}
