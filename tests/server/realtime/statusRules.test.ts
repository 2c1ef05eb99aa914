import { describe, expect, it } from 'vitest';
import { nextCheckState } from '../../../src/server/realtime/statusRules.js';

const up = { isUp: true, isSlow: false, responseTimeMs: 20 };
const slow = { isUp: true, isSlow: true, responseTimeMs: 4000 };
const down = { isUp: false, isSlow: false, responseTimeMs: null };

describe('status check states', () => {
  it('calls a first failure degraded and the second in a row an outage', () => {
    const first = nextCheckState(0, down);
    expect(first).toEqual({ state: 'degraded', failures: 1 });
    expect(nextCheckState(first.failures, down)).toEqual({ state: 'outage', failures: 2 });
    expect(nextCheckState(2, down)).toEqual({ state: 'outage', failures: 3 });
  });

  it('is operational again at the first good answer, and degraded when slow', () => {
    expect(nextCheckState(5, up)).toEqual({ state: 'operational', failures: 0 });
    expect(nextCheckState(5, slow)).toEqual({ state: 'degraded', failures: 0 });
  });
});
