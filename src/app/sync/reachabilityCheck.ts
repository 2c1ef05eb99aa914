import { createActor } from 'xstate';
import { healthRoute } from '../../shared/contract/realtime';
import { reachabilityMachine, type ProbeServer, type ReachabilityInput } from './reachability.machine';

/**
 * The cheapest question the server answers: its public health probe, without the session cookie
 * (no session lookup, nothing slides) and past the API client, whose answers count as the user's
 * activity. Any answer means the server is there (as for every other request).
 */
const probeHealth: ProbeServer = (signal) => globalThis.fetch(healthRoute.path, { cache: 'no-store', credentials: 'omit', signal });

/** Whether the server answers its health probe within `waitMs` (any answer counts, as above). */
export async function isServerAnswering(waitMs: number): Promise<boolean> {
  try {
    await probeHealth(AbortSignal.timeout(waitMs));
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs the reachability check for this page, telling `report` (connectivity.ts's
 * `reportServerReachable`, passed in by the header's indicator, which loads this module on
 * demand: importing it here would split that small store into a chunk of its own on every
 * route's budget); returns its stop.
 */
export function startReachabilityCheck(report: ReachabilityInput['report']): () => void {
  const actor = createActor(reachabilityMachine, {
    input: { probe: probeHealth, report, isOnline: () => navigator.onLine },
  }).start();
  const onVisibility = () => actor.send({ type: document.visibilityState === 'visible' ? 'PAGE_VISIBLE' : 'PAGE_HIDDEN' });
  const onOnline = () => actor.send({ type: 'ONLINE' });
  onVisibility();
  document.addEventListener('visibilitychange', onVisibility);
  globalThis.addEventListener?.('online', onOnline);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    globalThis.removeEventListener?.('online', onOnline);
    actor.stop();
  };
}
