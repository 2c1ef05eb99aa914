import { createStore } from '../state/createStore';

/**
 * Whether the server answered the last time we tried. `navigator.onLine` is no help when the
 * network is up but the server is not (a campus outage, or the e2e suite stopping the server),
 * so the sync engine keeps its own flag: any answer sets it, a failed connection clears it.
 */
const reachable = createStore(true, { name: 'server reachable' });

export function isServerReachable(): boolean {
  return reachable.get();
}

export function reportServerReachable(value: boolean): void {
  reachable.set(value);
}

/** Calls back on every change; returns the unsubscribe function. */
export function subscribeServerReachable(listener: (isReachable: boolean) => void): () => void {
  return reachable.subscribe(listener);
}
