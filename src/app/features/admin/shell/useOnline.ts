import { useSyncExternalStore } from 'react';
import { currentConnectivity, subscribeConnectivity } from '../../../sync/connectivity';

/** True while the browser is online and the server answered the last request (the header's connectivity is 'online'). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, () => currentConnectivity() === 'online');
}
