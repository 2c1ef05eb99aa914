import { describe, expect, it, vi } from 'vitest';
import {
  guardNavigation,
  HANDOVER_GIVE_UP_MS,
  LET_GO_WAIT_MS,
  QUIET_WAIT_MS,
  RELOAD_MARKER_KEY,
  reloadOnceForUpdate,
  type HandoverTimers,
  type PageEffects,
  type UpdatePort,
} from '../../../src/app/sw/updateFlow';
import { isSessionActivity } from '../../../src/app/sw/messages';

function fakes(hasWaiting: boolean) {
  let changeController: () => void = () => {};
  let pageQuiet: () => void = () => {};
  let workerLetGo: () => void = () => {};
  const calls: string[] = [];
  const port: UpdatePort = {
    hasWaitingWorker: () => hasWaiting,
    skipWaiting: () => calls.push('skipWaiting'),
    handedOver: () => new Promise<void>((resolve) => (changeController = resolve)),
    checkForUpdate: vi.fn(async () => {
      calls.push('checkForUpdate');
    }),
    letGoOfWorker: () => {
      calls.push('letGo');
      return new Promise<void>((resolve) => (workerLetGo = resolve));
    },
  };
  const page: PageEffects = {
    markReloadForUpdate: () => calls.push('mark'),
    stopBackgroundRequests: () => {
      calls.push('stopRequests');
      return new Promise<void>((resolve) => (pageQuiet = resolve));
    },
    showOverlay: () => calls.push('overlay'),
    replaceLocation: (url) => calls.push(`replace:${url}`),
  };
  return { port, page, calls, changeController: () => changeController(), pageQuiet: () => pageQuiet(), workerLetGo: () => workerLetGo() };
}

/** Timers on a hand-moved clock. */
function manualTimers() {
  let now = 0;
  const due = new Set<{ at: number; run: () => void }>();
  const timers: HandoverTimers = {
    after(ms, run) {
      const entry = { at: now + ms, run };
      due.add(entry);
      return () => due.delete(entry);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = [...due].filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      due.delete(next);
      now = next.at;
      next.run();
    }
    now = until;
  };
  return { timers, advance, pendingCount: () => due.size };
}

/** Lets every promise callback already due run (a few rounds of microtasks). */
const settle = async () => {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
};

describe('the waiting-worker route guard (SPEC §4)', () => {
  it('lets the navigation through and checks for an update when nothing is waiting', () => {
    const { port, page, calls } = fakes(false);
    expect(guardNavigation(port, page, '/timetable')).toBe(false);
    expect(calls).toEqual(['checkForUpdate']);
  });

  it('cancels the navigation, hands over to the waiting worker once the page is quiet and replaces the location once it controls the page', async () => {
    const { port, page, calls, changeController, pageQuiet } = fakes(true);
    const clock = manualTimers();
    expect(guardNavigation(port, page, '/timetable', clock.timers)).toBe(true);
    expect(calls).toEqual(['mark', 'stopRequests', 'overlay']);
    pageQuiet();
    await settle();
    expect(calls).toEqual(['mark', 'stopRequests', 'overlay', 'skipWaiting']);
    // Only the give-up is left: the quiet wait was cancelled once the worker was asked.
    expect(clock.pendingCount()).toBe(1);
    clock.advance(QUIET_WAIT_MS);
    expect(calls.filter((call) => call === 'skipWaiting')).toHaveLength(1);
    changeController();
    await settle();
    expect(calls.at(-1)).toBe('replace:/timetable');
    expect(clock.pendingCount()).toBe(0);
  });

  it('asks nothing of the worker once another tab has handed over to it first', async () => {
    const { port, page, calls, changeController, pageQuiet } = fakes(true);
    const clock = manualTimers();
    guardNavigation(port, page, '/timetable', clock.timers);
    changeController();
    await settle();
    expect(calls.at(-1)).toBe('replace:/timetable');
    expect(clock.pendingCount()).toBe(0);
    pageQuiet();
    await settle();
    clock.advance(QUIET_WAIT_MS);
    expect(calls).not.toContain('skipWaiting');
  });

  it('asks the worker to take over anyway when the page does not quieten in time', async () => {
    const { port, page, calls, pageQuiet } = fakes(true);
    const clock = manualTimers();
    guardNavigation(port, page, '/timetable', clock.timers);
    clock.advance(QUIET_WAIT_MS - 1);
    expect(calls).not.toContain('skipWaiting');
    clock.advance(1);
    expect(calls.at(-1)).toBe('skipWaiting');
    pageQuiet();
    await settle();
    expect(calls.filter((call) => call === 'skipWaiting')).toHaveLength(1);
  });

  it('lets go of the worker and loads the target from the network when the worker never takes over, so the overlay does not stay', async () => {
    const { port, page, calls, changeController, workerLetGo } = fakes(true);
    const clock = manualTimers();
    guardNavigation(port, page, '/resources', clock.timers);
    clock.advance(HANDOVER_GIVE_UP_MS - 1);
    expect(calls).not.toContain('letGo');
    clock.advance(1);
    await settle();
    // The worker is let go first: a load through the stuck hand-over would stall.
    expect(calls.at(-1)).toBe('letGo');
    expect(calls.filter((call) => call.startsWith('replace:'))).toEqual([]);
    workerLetGo();
    await settle();
    expect(calls.filter((call) => call.startsWith('replace:'))).toEqual(['replace:/resources']);
    // Neither the end of the let-go wait nor a hand-over that comes after all changes anything.
    clock.advance(LET_GO_WAIT_MS);
    await settle();
    changeController();
    await settle();
    expect(calls.filter((call) => call.startsWith('replace:'))).toHaveLength(1);
  });

  it('loads the target anyway when letting go of the worker does not finish in time', async () => {
    const { port, page, calls, workerLetGo } = fakes(true);
    const clock = manualTimers();
    guardNavigation(port, page, '/resources', clock.timers);
    clock.advance(HANDOVER_GIVE_UP_MS + LET_GO_WAIT_MS - 1);
    await settle();
    expect(calls.filter((call) => call.startsWith('replace:'))).toEqual([]);
    clock.advance(1);
    await settle();
    expect(calls.filter((call) => call.startsWith('replace:'))).toEqual(['replace:/resources']);
    workerLetGo();
    await settle();
    expect(calls.filter((call) => call.startsWith('replace:'))).toHaveLength(1);
  });

  it('keeps the worker when it takes over in time', async () => {
    const { port, page, calls, changeController, pageQuiet } = fakes(true);
    const clock = manualTimers();
    guardNavigation(port, page, '/timetable', clock.timers);
    pageQuiet();
    await settle();
    clock.advance(HANDOVER_GIVE_UP_MS - 1);
    changeController();
    await settle();
    clock.advance(HANDOVER_GIVE_UP_MS + LET_GO_WAIT_MS);
    expect(calls).not.toContain('letGo');
    expect(calls.filter((call) => call.startsWith('replace:'))).toEqual(['replace:/timetable']);
  });
});

describe('reload-for-update', () => {
  it('reloads once, then ignores repeats until the flag is cleared', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const reload = vi.fn();
    expect(reloadOnceForUpdate(storage, reload)).toBe(true);
    expect(reloadOnceForUpdate(storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(store.get(RELOAD_MARKER_KEY)).toBe('done');
  });
});

describe('session activity from the worker', () => {
  it('counts ok API responses, but not failures, the status feed or the reachability probe', () => {
    expect(isSessionActivity({ type: 'fetch', url: 'https://app.test/api/timetable', ok: true, status: 200 })).toBe(true);
    expect(isSessionActivity({ type: 'fetch', url: 'https://app.test/api/timetable', ok: false, status: 500 })).toBe(false);
    expect(isSessionActivity({ type: 'fetch', url: 'https://app.test/api/livesystemstatus', ok: true, status: 200 })).toBe(false);
    expect(isSessionActivity({ type: 'fetch', url: 'https://app.test/api/health', ok: true, status: 200 })).toBe(false);
    expect(isSessionActivity({ type: 'update-notifications' })).toBe(false);
  });
});
