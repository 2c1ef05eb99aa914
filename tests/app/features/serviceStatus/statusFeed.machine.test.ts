import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ServiceStatus } from '../../../../src/shared/contract/realtime';
import { reconnectDelayMs, statusFeedMachine, type FeedHandlers } from '../../../../src/app/features/serviceStatus/statusFeed.machine';

const status: ServiceStatus = {
  id: 'timetable',
  name: 'Timetable',
  feature: 'timetable',
  state: 'operational',
  since: '2026-11-23T09:00:00Z',
  lastCheckedAt: '2026-11-23T09:12:00Z',
  responseTimeMs: 40,
  maintenance: null,
};

/** A fake server: each connect attempt is recorded and succeeds or fails as the test says. */
function fakeServer() {
  const attempts: { at: number; handlers: FeedHandlers; stopped: boolean }[] = [];
  let isUp = true;
  const connect = vi.fn(async (handlers: FeedHandlers) => {
    const attempt = { at: Date.now(), handlers, stopped: false };
    attempts.push(attempt);
    if (!isUp) throw new Error('unreachable');
    return {
      stop: async () => {
        attempt.stopped = true;
      },
    };
  });
  return {
    connect,
    attempts,
    setUp: (value: boolean) => {
      isUp = value;
    },
    latest: () => attempts.at(-1),
  };
}

/** Lets the promise actors settle without moving the clock. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the status feed machine', () => {
  it('waits 2500 ms before each of the first five retries, then 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelayMs)).toEqual([2500, 2500, 2500, 2500, 2500, 30_000, 30_000, 30_000]);
  });

  it('retries a server that cannot be reached with those delays', async () => {
    const server = fakeServer();
    server.setUp(false);
    const actor = createActor(statusFeedMachine, { input: { connect: server.connect } }).start();
    actor.send({ type: 'START' });
    await settle();
    expect(server.attempts).toHaveLength(1);
    const gaps: number[] = [];
    for (let retry = 1; retry <= 7; retry += 1) {
      const before = server.attempts.length;
      const started = Date.now();
      while (server.attempts.length === before) {
        await vi.advanceTimersByTimeAsync(500);
      }
      gaps.push(Date.now() - started);
    }
    expect(gaps).toEqual([2500, 2500, 2500, 2500, 2500, 30_000, 30_000]);
    expect(actor.getSnapshot().context.isLoading).toBe(true);
    actor.stop();
  });

  it('is loading while connecting, and not once an update arrives; a drop makes it load again and retry after 2500 ms', async () => {
    const server = fakeServer();
    const actor = createActor(statusFeedMachine, { input: { connect: server.connect } }).start();
    expect(actor.getSnapshot().context.isLoading).toBe(false);
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context.isLoading).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches({ running: 'connected' })).toBe(true);
    expect(actor.getSnapshot().context.isLoading).toBe(true);
    server.latest()?.handlers.onStatuses([status]);
    expect(actor.getSnapshot().context).toMatchObject({ isLoading: false, statuses: [status] });

    server.latest()?.handlers.onClose();
    expect(actor.getSnapshot().context.isLoading).toBe(true);
    // The statuses last received stay shown while it reconnects.
    expect(actor.getSnapshot().context.statuses).toEqual([status]);
    await vi.advanceTimersByTimeAsync(2499);
    expect(server.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts).toHaveLength(2);
    actor.stop();
  });

  it('ignores reports from a connection it has already replaced', async () => {
    const server = fakeServer();
    const actor = createActor(statusFeedMachine, { input: { connect: server.connect } }).start();
    actor.send({ type: 'START' });
    await settle();
    const first = server.latest();
    first?.handlers.onClose();
    await vi.advanceTimersByTimeAsync(2500);
    expect(server.attempts).toHaveLength(2);
    first?.handlers.onStatuses([{ ...status, state: 'outage' }]);
    first?.handlers.onClose();
    expect(actor.getSnapshot().matches({ running: 'connected' })).toBe(true);
    expect(actor.getSnapshot().context.statuses).toBeUndefined();
    actor.stop();
  });

  it('stops when the page is hidden and starts again when it is visible', async () => {
    const server = fakeServer();
    const actor = createActor(statusFeedMachine, { input: { connect: server.connect } }).start();
    actor.send({ type: 'START' });
    await settle();
    actor.send({ type: 'PAGE_HIDDEN' });
    expect(server.attempts[0]?.stopped).toBe(true);
    expect(actor.getSnapshot().matches('paused')).toBe(true);
    expect(actor.getSnapshot().context.isLoading).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.attempts).toHaveLength(1);
    actor.send({ type: 'PAGE_VISIBLE' });
    await settle();
    expect(server.attempts).toHaveLength(2);
    expect(actor.getSnapshot().matches({ running: 'connected' })).toBe(true);
    actor.stop();
  });

  it('does not connect when started on a hidden page, until the page is visible', async () => {
    const server = fakeServer();
    const actor = createActor(statusFeedMachine, { input: { connect: server.connect } }).start();
    actor.send({ type: 'PAGE_HIDDEN' });
    actor.send({ type: 'START' });
    await settle();
    expect(server.attempts).toHaveLength(0);
    actor.send({ type: 'PAGE_VISIBLE' });
    await settle();
    expect(server.attempts).toHaveLength(1);
    actor.stop();
  });

  it('stops retrying while hidden: a pending retry is cancelled', async () => {
    const server = fakeServer();
    server.setUp(false);
    const actor = createActor(statusFeedMachine, { input: { connect: server.connect } }).start();
    actor.send({ type: 'START' });
    await settle();
    actor.send({ type: 'PAGE_HIDDEN' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.attempts).toHaveLength(1);
    actor.stop();
  });

  it('stops for good on sign-out and forgets the statuses', async () => {
    const server = fakeServer();
    const actor = createActor(statusFeedMachine, { input: { connect: server.connect } }).start();
    actor.send({ type: 'START' });
    await settle();
    server.latest()?.handlers.onStatuses([status]);
    actor.send({ type: 'SIGNED_OUT' });
    expect(server.attempts[0]?.stopped).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ statuses: undefined, isLoading: false });
    actor.send({ type: 'START' });
    actor.send({ type: 'PAGE_VISIBLE' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.attempts).toHaveLength(1);
  });

  it('stops on request, and a connection that opens after that is closed at once', async () => {
    let resolveConnect: ((value: { stop: () => Promise<void> }) => void) | undefined;
    const stop = vi.fn(async () => {});
    const connect = vi.fn(
      (_handlers: FeedHandlers, signal: AbortSignal) =>
        new Promise<{ stop: () => Promise<void> }>((resolve) => {
          resolveConnect = (value) => {
            if (signal.aborted) void value.stop();
            resolve(value);
          };
        }),
    );
    const actor = createActor(statusFeedMachine, { input: { connect } }).start();
    actor.send({ type: 'START' });
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().matches('stopped')).toBe(true);
    expect(actor.getSnapshot().context.isLoading).toBe(false);
    resolveConnect?.({ stop });
    await settle();
    expect(stop).toHaveBeenCalled();
  });
});
