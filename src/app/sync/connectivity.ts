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

/** The header's connectivity: the browser says it is offline, the server does not answer, or all is well. */
export type Connectivity = 'online' | 'offline' | 'unreachable';

/** Calls back when the browser's online state or the server's reachability changes. */
export function subscribeConnectivity(listener: () => void): () => void {
  globalThis.addEventListener('online', listener);
  globalThis.addEventListener('offline', listener);
  const unsubscribe = subscribeServerReachable(listener);
  return () => {
    globalThis.removeEventListener('online', listener);
    globalThis.removeEventListener('offline', listener);
    unsubscribe();
  };
}

export function currentConnectivity(): Connectivity {
  if (globalThis.navigator?.onLine === false) return 'offline';
  return isServerReachable() ? 'online' : 'unreachable';
}
