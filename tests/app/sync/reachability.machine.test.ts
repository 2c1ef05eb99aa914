import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { checkIntervalMs, checkTimeoutMs, reachabilityMachine, type ProbeServer } from '../../../src/app/sync/reachability.machine';

/** A fake server the probe asks: up (answers), down (refuses at once) or hanging (never answers). */
function fakeServer() {
  let mode: 'up' | 'down' | 'hanging' = 'up';
  const probes: { at: number; signal: AbortSignal }[] = [];
  const probe = vi.fn<ProbeServer>((signal) => {
    probes.push({ at: Date.now(), signal });
    if (mode === 'up') return Promise.resolve('ok');
    if (mode === 'down') return Promise.reject(new TypeError('Failed to fetch'));
    return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  });
  return { probe, probes, set: (next: typeof mode) => (mode = next) };
}

function start(server: ReturnType<typeof fakeServer>, options: { isOnline?: () => boolean } = {}) {
  const reports: boolean[] = [];
  const actor = createActor(reachabilityMachine, {
    input: { probe: server.probe, report: (isReachable) => reports.push(isReachable), isOnline: options.isOnline ?? (() => true) },
  }).start();
  return { actor, reports };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the reachability check', () => {
  it('asks once per interval while visible and reports each answer', async () => {
    const server = fakeServer();
    const { actor, reports } = start(server);
    expect(server.probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(checkIntervalMs);
    expect(reports).toEqual([true]);
    await vi.advanceTimersByTimeAsync(checkIntervalMs * 3);
    expect(server.probes.map((p) => p.at)).toEqual([1, 2, 3, 4].map((n) => n * checkIntervalMs));
    expect(reports).toEqual([true, true, true, true]);
    actor.stop();
  });

  it('reports unreachable within 10 s of the server going away, and reachable again once it is back', async () => {
    const server = fakeServer();
    const { actor, reports } = start(server);
    await vi.advanceTimersByTimeAsync(checkIntervalMs);
    // Gone just after an answer: the worst case.
    server.set('down');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reports.at(-1)).toBe(false);
    expect(reports.indexOf(false)).toBe(1);
    server.set('up');
    await vi.advanceTimersByTimeAsync(checkIntervalMs);
    expect(reports.at(-1)).toBe(true);
    actor.stop();
  });

  it('a server that hangs counts as unreachable once the probe times out, still within 10 s', async () => {
    const server = fakeServer();
    const { actor, reports } = start(server);
    await vi.advanceTimersByTimeAsync(checkIntervalMs);
    server.set('hanging');
    await vi.advanceTimersByTimeAsync(checkIntervalMs + checkTimeoutMs - 1);
    expect(reports).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports).toEqual([true, false]);
    expect(checkIntervalMs + checkTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(server.probes.at(-1)?.signal.aborted).toBe(true);
    actor.stop();
  });

  it('asks nothing while the page is hidden, abandons a probe under way unreported, and asks at once when visible again', async () => {
    const server = fakeServer();
    const { actor, reports } = start(server);
    server.set('hanging');
    await vi.advanceTimersByTimeAsync(checkIntervalMs);
    expect(server.probes).toHaveLength(1);
    actor.send({ type: 'PAGE_HIDDEN' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(server.probes[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(checkIntervalMs * 20);
    expect(server.probes).toHaveLength(1);
    expect(reports).toEqual([]);

    server.set('down');
    actor.send({ type: 'PAGE_VISIBLE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.probes).toHaveLength(2);
    expect(reports).toEqual([false]);
    actor.stop();
  });

  it('asks nothing while the browser says it is offline (the header says Offline), and asks at once when it is back online', async () => {
    const server = fakeServer();
    let isOnline = false;
    const { actor, reports } = start(server, { isOnline: () => isOnline });
    await vi.advanceTimersByTimeAsync(checkIntervalMs * 5);
    expect(server.probe).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);

    isOnline = true;
    actor.send({ type: 'ONLINE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.probe).toHaveBeenCalledTimes(1);
    expect(reports).toEqual([true]);
    actor.stop();
  });

  it('stopping it ends the timers', async () => {
    const server = fakeServer();
    const { actor } = start(server);
    actor.stop();
    await vi.advanceTimersByTimeAsync(checkIntervalMs * 5);
    expect(server.probe).not.toHaveBeenCalled();
  });
});
