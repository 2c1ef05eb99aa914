/**
 * The instant the unit suite's demo university is seeded at, and where every test app's clock
 * starts unless a test brings its own: a Monday of week 2 of the autumn term, 08:55 in London, the
 * e2e suite's start too. Tests read the time from their app's clock, never from the wall.
 */
export const TEST_CLOCK_START = '2026-10-05T08:55:00+01:00';
