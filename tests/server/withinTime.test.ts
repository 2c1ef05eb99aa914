import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withinTime } from '../../src/server/withinTime.js';

describe('withinTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the work's value when it comes in time, and leaves no timer behind", async () => {
    expect(await withinTime(Promise.resolve('answer'), 2_000, 'fallback')).toBe('answer');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives the fallback once the time is up, whatever the work does later', async () => {
    let finish: (value: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const result = withinTime(work, 2_000, 'fallback');
    let isSettled = false;
    void result.then(() => {
      isSettled = true;
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe('fallback');
    finish('too late');
  });

  it("passes the work's failure on when it fails in time", async () => {
    await expect(withinTime(Promise.reject(new Error('refused')), 2_000, 'fallback')).rejects.toThrow('refused');
    expect(vi.getTimerCount()).toBe(0);
  });
});
