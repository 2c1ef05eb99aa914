import { useSyncExternalStore } from 'react';
import type { Store } from './createStore';

/** The store's value, re-rendering the component when it changes. */
export function useStore<T>(store: Pick<Store<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
