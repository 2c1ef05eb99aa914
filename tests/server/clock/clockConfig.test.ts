import { describe, expect, it } from 'vitest';
import { SettableClock, clockFor, systemClock } from '../../../src/server/clock.js';
import { loadConfig } from '../../../src/server/config.js';

const production = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://campus.example.ac.uk' };

describe('CLOCK_START', () => {
  it.each([
    ['2026-10-05T08:55:00+01:00', '2026-10-05T07:55:00.000Z'],
    ['2026-10-05T07:55:00Z', '2026-10-05T07:55:00.000Z'],
    ['2026-10-05T08:55:00.250-04:00', '2026-10-05T12:55:00.250Z'],
    ['2026-10-05T08:55+0100', '2026-10-05T07:55:00.000Z'],
  ])('accepts an instant with an offset (%s)', (text, iso) => {
    expect(loadConfig({ CLOCK_START: text }).clockStart?.toISOString()).toBe(iso);
  });

  it('is unset by default: the wall clock', () => {
    const config = loadConfig({});
    expect(config.clockStart).toBeUndefined();
    expect(config.testControl).toBe(false);
    expect(clockFor(config)).toBe(systemClock);
  });

  it.each(['2026-10-05T08:55:00', '2026-10-05', 'tomorrow', '2026-13-05T08:55:00Z', '05/10/2026 08:55 +01:00'])(
    'refuses %s, naming the variable and asking for an offset',
    (text) => {
      expect(() => loadConfig({ CLOCK_START: text })).toThrow(/CLOCK_START must be an ISO 8601 instant with an offset, such as 2026-10-05T08:55:00\+01:00/);
    },
  );

  it('is refused in production, as is E2E_TEST_CONTROL', () => {
    expect(() => loadConfig({ ...production, CLOCK_START: '2026-10-05T08:55:00+01:00' })).toThrow(/CLOCK_START is refused in production \(NODE_ENV=production\)/);
    expect(() => loadConfig({ ...production, E2E_TEST_CONTROL: '1' })).toThrow(/E2E_TEST_CONTROL is refused in production/);
    expect(loadConfig({ ...production, E2E_TEST_CONTROL: '0' }).testControl).toBe(false);
  });

  it('starts the server clock at that instant', () => {
    const clock = clockFor(loadConfig({ CLOCK_START: '2026-10-05T08:55:00+01:00' }));
    expect(clock).toBeInstanceOf(SettableClock);
    expect(clock.nowMs() - Date.parse('2026-10-05T07:55:00Z')).toBeGreaterThanOrEqual(0);
    expect(clock.nowMs() - Date.parse('2026-10-05T07:55:00Z')).toBeLessThan(5_000);
  });

  it('gives test control a clock it can move, from the real time when CLOCK_START is unset', () => {
    const clock = clockFor(loadConfig({ E2E_TEST_CONTROL: '1' }));
    expect(clock).toBeInstanceOf(SettableClock);
    expect(Math.abs(clock.nowMs() - Date.now())).toBeLessThan(5_000);
  });
});
