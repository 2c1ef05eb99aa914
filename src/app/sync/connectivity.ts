/**
 * Whether the server answered the last time we tried. `navigator.onLine` is no help when the
 * network is up but the server is not (a campus outage, or the e2e suite stopping the server),
 * so the sync engine keeps its own flag: any answer sets it, a failed connection clears it.
 */
let isReachable = true;
const listeners = new Set<(isReachable: boolean) => void>();

export function isServerReachable(): boolean {
  return isReachable;
}

export function reportServerReachable(value: boolean): void {
  if (value === isReachable) return;
  isReachable = value;
  for (const listener of [...listeners]) listener(value);
}

/** Calls back on every change; returns the unsubscribe function. */
export function subscribeServerReachable(listener: (isReachable: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
