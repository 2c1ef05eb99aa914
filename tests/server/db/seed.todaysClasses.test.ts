import { describe, expect, it } from 'vitest';
import { addMinutes, londonDate, londonInstant } from '../../../src/server/calendar/academicCalendar.js';
import { addLocalDays } from '../../../src/shared/rules/absences/dates.js';
import { todaysClasses } from '../../../src/server/db/seed/timetable.js';

// The seed's two classes of the day (a lab whose register is open, a lecture to come) are listed
// by the app under today's London date: on home and in "this week", which ends on Sunday. So they
// must fall on today's date at any time the server starts, not only in the daytime, as far as
// the lecture's other needs allow: its registration must open after start-up.

const minute = 60_000;

/** Every third minute of a London day, from just after midnight to just before the next. */
function timesOf(day: string): Date[] {
  const start = londonInstant(day, '00:00');
  const end = londonInstant(day, '23:59');
  const times: Date[] = [];
  for (let at = addMinutes(start, 1); at <= end; at = addMinutes(at, 3)) times.push(at);
  return times;
}

describe.each([
  ['a Sunday in term', '2025-11-23'],
  ['a weekday', '2026-02-11'],
  ['the spring clock change', '2026-03-29'],
  ['the autumn clock change', '2026-10-25'],
])('the seed’s classes of the day on %s', (_name, day) => {
  it('put the lab on today’s date, started within the last 10 minutes', () => {
    for (const now of timesOf(day)) {
      const [lab] = todaysClasses(now);
      expect(londonDate(lab!.start), now.toISOString()).toBe(day);
      expect(lab!.start.getTime(), now.toISOString()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - lab!.start.getTime(), now.toISOString()).toBeLessThanOrEqual(10 * 60_000);
    }
  });

  it('put the lecture at least 10 minutes ahead, on today’s date and over by midnight while that fits, else about 90 minutes away', () => {
    const nextMidnight = londonInstant(addLocalDays(day, 1), '00:00');
    for (const now of timesOf(day)) {
      const lecture = todaysClasses(now)[1]!;
      const at = now.toISOString();
      const ahead = lecture.start.getTime() - now.getTime();
      // Its registration opens 10 minutes before it starts: at start-up that is still to come.
      expect(ahead, at).toBeGreaterThanOrEqual(10 * minute);
      expect(ahead, at).toBeLessThanOrEqual(100 * minute);
      if (now <= londonInstant(day, '22:50')) {
        expect(londonDate(lecture.start), at).toBe(day);
        expect(lecture.start.getTime() + lecture.minutes * minute, at).toBeLessThanOrEqual(nextMidnight.getTime());
      } else {
        expect(ahead, at).toBeGreaterThanOrEqual(90 * minute);
      }
      if (now <= londonInstant(day, '21:30')) expect(ahead, at).toBeGreaterThanOrEqual(90 * minute);
    }
  });
});
