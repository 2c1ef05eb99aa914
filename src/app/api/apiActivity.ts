/**
 * A tiny bus between whatever sees API responses (the API client, the service worker's fetch
 * messages) and whoever listens: the session feature, which slides its expiry on them (SPEC §4,
 * §7), subscribes with `onApiActivity`. It lives in the core so that the API client reports to it
 * without knowing any feature.
 */
export interface ApiActivity {
  readonly url: string;
  readonly ok: boolean;
  readonly status: number;
}

export type ApiActivityListener = (activity: ApiActivity) => void;

const listeners = new Set<ApiActivityListener>();

/** Tells every listener about one response. A throwing listener never breaks the caller. */
export function reportApiActivity(activity: ApiActivity): void {
  for (const listener of [...listeners]) {
    try {
      listener(activity);
    } catch (error) {
      console.error('An API activity listener failed', error);
    }
  }
}

/** Listens to API responses; returns the unsubscribe function. */
export function onApiActivity(listener: ApiActivityListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
