/**
 * A set of listeners to call with a value: the one place the client keeps callbacks for its
 * small in-memory stores and events (see `createStore`). Listeners are called in the order they
 * subscribed, over a copy of the set, so one may unsubscribe while it runs; one that throws is
 * logged and the others still run.
 */
export interface Listeners<T> {
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: (value: T) => void): () => void;
  emit(value: T): void;
  readonly size: number;
}

export function createListeners<T>(name: string): Listeners<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(value) {
      for (const listener of [...listeners]) {
        try {
          listener(value);
        } catch (error) {
          console.error(`A ${name} listener failed`, error);
        }
      }
    },
    get size() {
      return listeners.size;
    },
  };
}
