import { createListeners } from './listeners';

/**
 * A small typed external store: one value, replaced (never mutated) by `set` or `update`, with
 * listeners told of every change. Shaped for React's `useSyncExternalStore` (`useStore` reads one
 * in a component) and free of React itself, so route loaders and the sync engine use it too.
 */
export interface Store<T> {
  // Function properties, not methods: none uses `this`, so `store.get` can be passed as it is.
  readonly get: () => T;
  /** Replaces the value; listeners hear of it only when `equals` says it changed. */
  readonly set: (next: T) => void;
  readonly update: (change: (current: T) => T) => void;
  /** Calls back with the new value after each change; returns the unsubscribe function. */
  readonly subscribe: (listener: (value: T) => void) => () => void;
}

export interface StoreOptions<T> {
  /** Used in the log line when a listener throws. */
  readonly name: string;
  /** When two values count as the same (no notification). Default `Object.is`. */
  readonly equals?: (a: T, b: T) => boolean;
  /**
   * Runs just before the first listener subscribes (e.g. to start a timer; a value it sets then
   * is news to nobody); the function it returns runs when the last one leaves.
   */
  readonly whileObserved?: () => () => void;
}

export function createStore<T>(initial: T, options: StoreOptions<T>): Store<T> {
  const { equals = Object.is, whileObserved } = options;
  const listeners = createListeners<T>(options.name);
  let value = initial;
  let stop: (() => void) | undefined;

  const set = (next: T): void => {
    if (equals(value, next)) return;
    value = next;
    listeners.emit(next);
  };

  return {
    get: () => value,
    set,
    update: (change) => set(change(value)),
    subscribe: (listener) => {
      if (whileObserved && listeners.size === 0 && stop === undefined) stop = whileObserved();
      const unsubscribe = listeners.subscribe(listener);
      let isSubscribed = true;
      return () => {
        if (!isSubscribed) return;
        isSubscribed = false;
        unsubscribe();
        if (listeners.size === 0 && stop !== undefined) {
          const stopping = stop;
          stop = undefined;
          stopping();
        }
      };
    },
  };
}
