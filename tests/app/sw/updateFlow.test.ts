import { describe, expect, it, vi } from 'vitest';
import { guardNavigation, RELOAD_MARKER_KEY, reloadOnceForUpdate, type PageEffects, type UpdatePort } from '../../../src/app/sw/updateFlow';
import { isSessionActivity } from '../../../src/app/sw/messages';

function fakes(hasWaiting: boolean) {
  let changeController: () => void = () => {};
  const calls: string[] = [];
  const port: UpdatePort = {
    hasWaitingWorker: () => hasWaiting,
    skipWaiting: () => calls.push('skipWaiting'),
    controllerChanged: () => new Promise<void>((resolve) => (changeController = resolve)),
    checkForUpdate: vi.fn(async () => {
      calls.push('checkForUpdate');
    }),
  };
  const page: PageEffects = {
    markReloadForUpdate: () => calls.push('mark'),
    stopStatusUpdates: () => calls.push('stopStatus'),
    showOverlay: () => calls.push('overlay'),
    replaceLocation: (url) => calls.push(`replace:${url}`),
  };
  return { port, page, calls, changeController: () => changeController() };
}

describe('the waiting-worker route guard (SPEC §4)', () => {
  it('lets the navigation through and checks for an update when nothing is waiting', () => {
    const { port, page, calls } = fakes(false);
    expect(guardNavigation(port, page, '/timetable')).toBe(false);
    expect(calls).toEqual(['checkForUpdate']);
  });

  it('cancels the navigation, hands over to the waiting worker and replaces the location once it controls the page', async () => {
    const { port, page, calls, changeController } = fakes(true);
    expect(guardNavigation(port, page, '/timetable')).toBe(true);
    expect(calls).toEqual(['mark', 'stopStatus', 'skipWaiting', 'overlay']);
    changeController();
    await Promise.resolve();
    await Promise.resolve();
    expect(calls.at(-1)).toBe('replace:/timetable');
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
  it('counts ok API responses, but not failures or the status feed', () => {
    expect(isSessionActivity({ type: 'fetch', url: 'https://app.test/api/timetable', ok: true, status: 200 })).toBe(true);
    expect(isSessionActivity({ type: 'fetch', url: 'https://app.test/api/timetable', ok: false, status: 500 })).toBe(false);
    expect(isSessionActivity({ type: 'fetch', url: 'https://app.test/api/livesystemstatus', ok: true, status: 200 })).toBe(false);
    expect(isSessionActivity({ type: 'update-notifications' })).toBe(false);
  });
});
