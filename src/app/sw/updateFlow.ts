/**
 * The waiting-worker flow of SPEC §4, independent of the browser APIs so it can be tested:
 * when a new version is waiting, a navigation does not happen; instead the page marks that it is
 * reloading for an update, stops the status feed, asks the worker to take over, shows a loading
 * overlay, and replaces the location with the navigation's target once the new worker controls it.
 */
export interface UpdatePort {
  readonly hasWaitingWorker: () => boolean;
  readonly skipWaiting: () => void;
  /**
   * Resolves when the waiting worker has taken over: it controls the page, or it has activated
   * (whichever the browser reports first).
   */
  readonly handedOver: () => Promise<void>;
  readonly checkForUpdate: () => Promise<void>;
}

/** Timers of the hand-over, injectable for tests. */
export interface HandoverTimers {
  readonly after: (ms: number, run: () => void) => () => void;
}

/**
 * If the waiting worker never takes over, the page reloads into its target anyway after this
 * long, so the user is never left under the overlay.
 */
export const HANDOVER_GIVE_UP_MS = 45_000;

const browserTimers: HandoverTimers = {
  after: (ms, run) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

export interface PageEffects {
  readonly markReloadForUpdate: () => void;
  readonly stopStatusUpdates: () => void;
  readonly showOverlay: () => void;
  readonly replaceLocation: (url: string) => void;
}

/** Returns true when the navigation must be cancelled because the page is being updated. */
export function guardNavigation(port: UpdatePort, page: PageEffects, targetUrl: string, timers: HandoverTimers = browserTimers): boolean {
  if (!port.hasWaitingWorker()) {
    void port.checkForUpdate().catch(() => {}); // registration problems are only logged elsewhere
    return false;
  }
  page.markReloadForUpdate();
  page.stopStatusUpdates();
  const handedOver = port.handedOver();
  port.skipWaiting();
  page.showOverlay();
  let isDone = false;
  const finish = () => {
    if (isDone) return;
    isDone = true;
    cancelGiveUp();
    page.replaceLocation(targetUrl);
  };
  const cancelGiveUp = timers.after(HANDOVER_GIVE_UP_MS, finish);
  void handedOver.then(finish);
  return true;
}

export const RELOAD_MARKER_KEY = 'cc.reloadForUpdate';

/**
 * 'reload-for-update' from the worker reloads the page once: the session flag makes a second
 * message (or a loop between two tabs) a no-op until the next update.
 */
export function reloadOnceForUpdate(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void): boolean {
  if (storage.getItem(RELOAD_MARKER_KEY) === 'done') return false;
  storage.setItem(RELOAD_MARKER_KEY, 'done');
  reload();
  return true;
}
