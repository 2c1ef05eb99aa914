import { E2E_CLOCK_START } from '../../e2e/support/clock';

/**
 * The instant the unit suite's demo university is seeded at, and where every test app's clock
 * starts unless a test brings its own: the e2e suite's start (a Monday of week 2 of the autumn
 * term, 08:55 in London), so both suites see the same university. Tests read the time from their
 * app's clock, never from the wall.
 */
export const TEST_CLOCK_START = E2E_CLOCK_START;
