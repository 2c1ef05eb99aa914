import { useSyncExternalStore } from 'react';
import { isServerReachable, subscribeServerReachable } from '../../../sync/connectivity';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const unsubscribe = subscribeServerReachable(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    unsubscribe();
  };
}

/** True while the browser is online and the server answered the last request. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine && isServerReachable());
}
