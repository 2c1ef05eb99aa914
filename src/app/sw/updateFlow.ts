/**
 * The waiting-worker flow of SPEC §4, independent of the browser APIs so it can be tested:
 * when a new version is waiting, a navigation does not happen; instead the page marks that it is
 * reloading for an update, stops its status feed and reachability probe, shows a loading overlay,
 * asks the worker to take over once those have stopped (or after QUIET_WAIT_MS), and replaces the
 * location with the navigation's target once the new worker controls it. A hand-over that never
 * comes is given up after HANDOVER_GIVE_UP_MS: the page lets go of its worker and loads the target
 * from the network.
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
  /**
   * Lets go of the page's service worker (unregisters it), so that the next load comes from the
   * network past both versions: Chromium can keep the new version waiting behind an outgoing
   * worker its warm-up restarted, and a navigation through them then stalls (decision 0035). The
   * page registers the new version again when it loads, and it takes over the app's other tabs.
   * The worker is kept (and the load goes through it, as before) when the server does not answer,
   * where only the old worker's shell can still open the page, and when the device has a push
   * subscription, which would end with the registration.
   */
  readonly letGoOfWorker: () => Promise<void>;
}

/** Timers of the hand-over, injectable for tests. */
export interface HandoverTimers {
  readonly after: (ms: number, run: () => void) => () => void;
}

/**
 * If the waiting worker has not taken over after this long, the page gives up on it and loads its
 * target from the network (`letGoOfWorker`), so the user is never left under the overlay. A
 * hand-over takes about a second; the browser's stuck one never ends by itself.
 */
export const HANDOVER_GIVE_UP_MS = 15_000;

/** How long the give-up waits for the worker to be let go before it loads the target anyway. */
export const LET_GO_WAIT_MS = 2_000;

/**
 * How long the page waits for its own requests to stop before it asks the waiting worker to take
 * over anyway (a status feed whose close never answers must not hold the update back).
 */
export const QUIET_WAIT_MS = 2_000;

const browserTimers: HandoverTimers = {
  after: (ms, run) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

export interface PageEffects {
  readonly markReloadForUpdate: () => void;
  /**
   * Stops the page's own periodic requests, the status feed (an open connection's close is waited
   * for) and the reachability probe; resolves once they have stopped. The outgoing worker hands
   * over only once it has no work, so the worker is asked once these are done. A screen's own
   * requests (a register's refresh, say) are not stopped: the overlay is up and they are rare.
   */
  readonly stopBackgroundRequests: () => Promise<void>;
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
  const quiet = page.stopBackgroundRequests();
  const handedOver = port.handedOver();
  page.showOverlay();
  let isAsked = false;
  const stopAsking = () => {
    isAsked = true;
    cancelQuietWait();
  };
  const askWorker = () => {
    if (isAsked) return;
    stopAsking();
    port.skipWaiting();
  };
  const cancelQuietWait = timers.after(QUIET_WAIT_MS, askWorker);
  void quiet.then(askWorker, askWorker);
  let isDone = false;
  /** Ends the wait once, by a hand-over or by the give-up: false when it had already ended. */
  const endWait = () => {
    if (isDone) return false;
    isDone = true;
    // Taken over already (another tab asked): this page asks nothing more of whatever waits next.
    stopAsking();
    cancelGiveUp();
    return true;
  };
  const giveUp = () => {
    if (!endWait()) return;
    // The target loads once the worker is let go, or after LET_GO_WAIT_MS, whichever comes first.
    const letGo = Promise.resolve().then(() => port.letGoOfWorker()).catch(() => undefined);
    void Promise.race([letGo, new Promise((resolve) => timers.after(LET_GO_WAIT_MS, () => resolve(undefined)))]).then(() => page.replaceLocation(targetUrl));
  };
  const cancelGiveUp = timers.after(HANDOVER_GIVE_UP_MS, giveUp);
  void handedOver.then(() => {
    if (endWait()) page.replaceLocation(targetUrl);
  });
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
