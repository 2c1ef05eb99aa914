import { describe, expect, it } from 'vitest';
import { SettableClock, clockOf, queueTimeAfter, systemClock } from '../../../src/server/clock.js';

const START = Date.parse('2026-10-05T07:55:00Z');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the system clock', () => {
  it('is the wall clock', () => {
    expect(Math.abs(systemClock.nowMs() - Date.now())).toBeLessThan(1_000);
    expect(systemClock.now()).toBeInstanceOf(Date);
  });
});

describe('SettableClock', () => {
  it('starts at its instant and runs at normal speed from there', async () => {
    const clock = new SettableClock(new Date(START));
    const first = clock.nowMs();
    expect(first - START).toBeGreaterThanOrEqual(0);
    expect(first - START).toBeLessThan(1_000);
    await wait(60);
    const elapsed = clock.nowMs() - first;
    expect(elapsed).toBeGreaterThanOrEqual(50);
    expect(elapsed).toBeLessThan(2_000);
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(first);
  });

  it('stands still when frozen', async () => {
    const clock = new SettableClock(START, { frozen: true });
    await wait(20);
    expect(clock.nowMs()).toBe(START);
    expect(clock.now()).toEqual(new Date(START));
  });

  it('advances by a number of milliseconds', () => {
    const clock = new SettableClock(START, { frozen: true });
    clock.advance(90 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-10-05T09:25:00.000Z');
    clock.advance(0);
    expect(clock.nowMs()).toBe(START + 90 * 60_000);
  });

  it('restarts at a later instant with startAt', () => {
    const clock = new SettableClock(START);
    clock.startAt(new Date(START + 86_400_000));
    expect(clock.nowMs() - (START + 86_400_000)).toBeLessThan(1_000);
    expect(clock.nowMs()).toBeGreaterThanOrEqual(START + 86_400_000);
  });

  it('never goes backwards', () => {
    const clock = new SettableClock(START, { frozen: true });
    expect(() => clock.advance(-1)).toThrow(/only moves forward/);
    expect(() => clock.advance(Number.NaN)).toThrow(/only moves forward/);
    expect(() => clock.startAt(START - 1)).toThrow(/does not go backwards/);
    expect(clock.nowMs()).toBe(START);
  });

  it('refuses an invalid instant', () => {
    expect(() => new SettableClock(new Date('not a date'))).toThrow(/valid instant/);
  });

  it('keeps separate instances apart', () => {
    const a = new SettableClock(START, { frozen: true });
    const b = new SettableClock(START, { frozen: true });
    a.advance(1_000);
    expect(a.nowMs() - b.nowMs()).toBe(1_000);
  });
});

describe('clockOf', () => {
  it('reads a test variable, and hands out copies', () => {
    let now = new Date(START);
    const clock = clockOf(() => now);
    expect(clock.nowMs()).toBe(START);
    clock.now().setTime(0);
    now = new Date(START + 5);
    expect(clock.now().getTime()).toBe(START + 5);
  });
});

describe('queueTimeAfter', () => {
  it('is an instant on the real time scale, whatever the app clock says', () => {
    expect(Math.abs(queueTimeAfter(10_000).getTime() - (Date.now() + 10_000))).toBeLessThan(1_000);
    expect(Math.abs(queueTimeAfter(-5_000).getTime() - Date.now())).toBeLessThan(1_000);
  });
});
