import { describe, expect, it, vi } from 'vitest';
import { RetryQueue, type JobResult } from '../../../src/server/push/retryQueue.js';

const log = { warn: vi.fn(), error: vi.fn() };
const options = { concurrency: 2, maxAttempts: 3, retryBaseMs: 5, maxDelayMs: 50, limit: 10 };

describe('push retry queue', () => {
  it('works outside the caller\'s turn: enqueue returns before any job starts', async () => {
    const started: number[] = [];
    const queue = new RetryQueue<number>(async (job) => {
      started.push(job);
      return { retry: false };
    }, options, log);
    expect(queue.enqueue([1, 2, 3])).toBe(3);
    expect(started).toEqual([]);
    await queue.idle();
    expect(started.sort()).toEqual([1, 2, 3]);
  });

  it('retries with backoff, at most maxAttempts times', async () => {
    const attempts = new Map<string, number>();
    const queue = new RetryQueue<string>(async (job): Promise<JobResult> => {
      const n = (attempts.get(job) ?? 0) + 1;
      attempts.set(job, n);
      if (job === 'flaky' && n < 2) return { retry: true, reason: '503' };
      if (job === 'down') return { retry: true, reason: '503' };
      return { retry: false };
    }, options, log);
    queue.enqueue(['flaky', 'down', 'fine']);
    await queue.idle();
    expect(Object.fromEntries(attempts)).toEqual({ flaky: 2, down: 3, fine: 1 });
  });

  it('honours Retry-After (capped)', async () => {
    const times: number[] = [];
    const queue = new RetryQueue<string>(async () => {
      times.push(Date.now());
      return times.length === 1 ? { retry: true, reason: '429', afterMs: 40 } : { retry: false };
    }, options, log);
    queue.enqueue(['x']);
    await queue.idle();
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(35);
  });

  it('runs at most `concurrency` jobs at once', async () => {
    let running = 0;
    let peak = 0;
    const queue = new RetryQueue<number>(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return { retry: false };
    }, options, log);
    queue.enqueue([1, 2, 3, 4, 5, 6]);
    await queue.idle();
    expect(peak).toBe(2);
  });

  it('is bounded: jobs beyond the limit are dropped', async () => {
    const queue = new RetryQueue<number>(async () => ({ retry: false }), options, log);
    expect(queue.enqueue(Array.from({ length: 15 }, (_, i) => i))).toBe(10);
    expect(queue.enqueue([99])).toBe(0);
    await queue.idle();
    expect(queue.enqueue([100])).toBe(1);
    await queue.idle();
  });

  it('survives a job that throws', async () => {
    const queue = new RetryQueue<number>(async (job) => {
      if (job === 1) throw new Error('bug');
      return { retry: false };
    }, options, log);
    queue.enqueue([1, 2]);
    await queue.idle();
    expect(log.error).toHaveBeenCalled();
  });

  it('closes cleanly: running jobs are aborted, waiting retries dropped, new jobs refused', async () => {
    let wasAborted = false;
    const queue = new RetryQueue<string>((job, signal) => {
      if (job === 'retry') return Promise.resolve({ retry: true, reason: '503', afterMs: 10_000 });
      return new Promise<JobResult>((resolve) => {
        signal.addEventListener('abort', () => {
          wasAborted = true;
          resolve({ retry: false });
        });
      });
    }, { ...options, maxDelayMs: 60_000 }, log);
    queue.enqueue(['hang', 'retry']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.size).toBe(2);
    await queue.close();
    expect(wasAborted).toBe(true);
    expect(queue.size).toBe(0);
    expect(queue.enqueue(['late'])).toBe(0);
    await queue.idle();
  });
});
