/**
 * The waiting-worker flow of SPEC §4, independent of the browser APIs so it can be tested:
 * when a new version is waiting, a navigation does not happen; instead the page marks that it is
 * reloading for an update, stops the status feed, asks the worker to take over, shows a loading
 * overlay, and replaces the location with the navigation's target once the new worker controls it.
 */
export interface UpdatePort {
  readonly hasWaitingWorker: () => boolean;
  readonly skipWaiting: () => void;
  /** Resolves when a new worker controls the page. */
  readonly controllerChanged: () => Promise<void>;
  readonly checkForUpdate: () => Promise<void>;
}

export interface PageEffects {
  readonly markReloadForUpdate: () => void;
  readonly stopStatusUpdates: () => void;
  readonly showOverlay: () => void;
  readonly replaceLocation: (url: string) => void;
}

/** Returns true when the navigation must be cancelled because the page is being updated. */
export function guardNavigation(port: UpdatePort, page: PageEffects, targetUrl: string): boolean {
  if (!port.hasWaitingWorker()) {
    void port.checkForUpdate().catch(() => {}); // registration problems are only logged elsewhere
    return false;
  }
  page.markReloadForUpdate();
  page.stopStatusUpdates();
  const changed = port.controllerChanged();
  port.skipWaiting();
  page.showOverlay();
  void changed.then(() => page.replaceLocation(targetUrl));
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
