import { useEffect, useSyncExternalStore } from 'react';
import { currentConnectivity, reportServerReachable, subscribeConnectivity, type Connectivity } from '../sync/connectivity';
import { useOutboxCount } from '../sync/pendingMutations';
import { Icon } from '../ui/icons/Icon';
import { onBeforeUpdate } from '../sw/workerEvents';
import { whenFirstContentShown } from '../ui/layoutHold/firstContent';
import './connectivity.css';

/** The indicator's words: the state, then how many writes wait on this device. */
export function connectivityText(state: Exclude<Connectivity, 'online'>, waiting: number): { readonly label: string; readonly waiting?: string } {
  const label = state === 'offline' ? 'Offline' : 'Server unreachable';
  if (waiting === 0) return { label };
  return { label, waiting: `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting to sync` };
}

/**
 * The header's one connectivity signal: 'Offline' (the browser says so) or 'Server unreachable'
 * (the browser is online but the server does not answer: a failed request, or the periodic check
 * of sync/reachability.machine.ts while the page is visible), with the number of writes waiting
 * in the outbox. Nothing shows while the server answers. The status region is
 * always there and changes only with the state or the count, so it is announced once, politely.
 */
export function ConnectivityIndicator() {
  const state = useSyncExternalStore(subscribeConnectivity, currentConnectivity, () => 'online' as const);
  useEffect(() => {
    // The periodic check (sync/reachabilityCheck.ts) loads once the page's first content shows
    // (ui/layoutHold/firstContent.ts), off the route budgets.
    let stop: (() => void) | undefined;
    let isStopped = false;
    const stopChecking = () => {
      isStopped = true;
      stop?.();
    };
    void whenFirstContentShown()
      .then(() => import('../sync/reachabilityCheck'))
      .then((check) => {
        if (!isStopped) stop = check.startReachabilityCheck(reportServerReachable);
      });
    // The probe stops for good before an update hand-over: the page then reloads (sw/updateFlow.ts).
    const unsubscribeUpdate = onBeforeUpdate(stopChecking);
    return () => {
      unsubscribeUpdate();
      stopChecking();
    };
  }, []);
  const waiting = useOutboxCount();
  const text = state === 'online' ? undefined : connectivityText(state, waiting);
  return (
    <div role="status" className="connectivity" data-state={state}>
      {text && (
        <span className="connectivity__badge">
          <Icon name="alert" size={18} />
          <span className="connectivity__label">{text.label}</span>
          {text.waiting && (
            <>
              <span className="visually-hidden">, </span>
              {/* Phones show the number alone; the words stay for screen readers. */}
              <span className="connectivity__count" aria-hidden="true">
                {waiting}
              </span>
              <span className="connectivity__waiting">{text.waiting}</span>
            </>
          )}
        </span>
      )}
    </div>
  );
}
