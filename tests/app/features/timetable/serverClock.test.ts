import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeServerClock } from '../../../../src/app/features/timetable/serverClock';

afterEach(() => {
  vi.useRealTimers();
});

describe('the shared ticker', () => {
  it('runs one 1 s interval however many rows listen, and stops with the last', () => {
    vi.useFakeTimers();
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = subscribeServerClock(first);
    const unsubscribeSecond = subscribeServerClock(second);
    vi.advanceTimersByTime(3000);
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(setInterval).toHaveBeenCalledWith(expect.any(Function), 1000);
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(3);
    unsubscribeFirst();
    expect(clearInterval).not.toHaveBeenCalled();
    unsubscribeSecond();
    expect(clearInterval).toHaveBeenCalledTimes(1);
  });
});
