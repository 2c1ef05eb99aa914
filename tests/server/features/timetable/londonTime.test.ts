import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonIso, londonWallClock } from '../../../../src/server/features/timetable/londonTime.js';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('londonIso', () => {
  it.each([
    ['2026-01-15T09:00:00Z', '2026-01-15T09:00:00+00:00'],
    ['2026-07-01T08:00:00.999Z', '2026-07-01T09:00:00+01:00'],
    // Spring forward at 01:00 UTC on the last Sunday of March.
    ['2026-03-29T00:59:59Z', '2026-03-29T00:59:59+00:00'],
    ['2026-03-29T01:00:00Z', '2026-03-29T02:00:00+01:00'],
    // Fall back at 01:00 UTC on the last Sunday of October: 01:30 happens twice.
    ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00+01:00'],
    ['2026-10-25T01:30:00Z', '2026-10-25T01:30:00+00:00'],
    ['2026-12-31T23:59:59Z', '2026-12-31T23:59:59+00:00'],
  ])('%s is %s', (instant, expected) => {
    expect(londonIso(new Date(instant))).toBe(expected);
    expect(Date.parse(expected)).toBe(Math.floor(Date.parse(instant) / 1000) * 1000);
  });

  it("agrees with Day.js's timezone plugin over a decade", () => {
    const range = { min: new Date('2020-01-01T00:00:00Z').getTime(), max: new Date('2030-12-31T00:00:00Z').getTime() };
    fc.assert(
      fc.property(fc.integer(range), (ms) => {
        const instant = new Date(ms);
        expect(londonIso(instant)).toBe(dayjs(instant).tz('Europe/London').format('YYYY-MM-DDTHH:mm:ssZ'));
        expect(londonWallClock(instant).offsetMinutes === 0 || londonWallClock(instant).offsetMinutes === 60).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
