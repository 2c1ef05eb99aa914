import { toast as toastDefaults } from '../../../shared/constants';
import { createStore } from '../../state/createStore';

/** `negative` and `warning` interrupt (role=alert); `positive` and `info` wait their turn (role=status). */
export type ToastKind = 'positive' | 'negative' | 'warning' | 'info';

export interface ToastAction {
  /** The button's label, e.g. 'Undo'. */
  readonly label: string;
  readonly onAction: () => void;
}

export interface ToastOptions {
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. Default 3000 (SPEC §2). */
  readonly timeout?: number;
  readonly action?: ToastAction;
}

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly text: string;
  readonly timeout: number;
  readonly action?: ToastAction;
}

/** More than this many at once and the oldest make way. */
export const maxToasts = 4;

export function isUrgent(kind: ToastKind): boolean {
  return kind === 'negative' || kind === 'warning';
}

/** An external store for `useSyncExternalStore`: a list that only ever gets replaced. */
export function createToastStore() {
  const store = createStore<readonly Toast[]>([], { name: 'toast' });
  let nextId = 1;

  return {
    getSnapshot: (): readonly Toast[] => store.get(),
    subscribe: (listener: () => void): (() => void) => store.subscribe(listener),
    /** Shows a toast and returns its id. The same text of the same kind already showing is not repeated. */
    add(kind: ToastKind, text: string, options: ToastOptions = {}): number {
      const toasts = store.get();
      const same = toasts.find((existing) => existing.kind === kind && existing.text === text && !existing.action);
      if (same && !options.action) return same.id;
      const created: Toast = {
        id: nextId++,
        kind,
        text,
        timeout: Math.max(0, options.timeout ?? toastDefaults.defaultTimeoutMs),
        ...(options.action ? { action: options.action } : {}),
      };
      store.set([...toasts, created].slice(-maxToasts));
      return created.id;
    },
    dismiss(id: number): void {
      store.update((toasts) => (toasts.some((existing) => existing.id === id) ? toasts.filter((existing) => existing.id !== id) : toasts));
    },
    clear(): void {
      if (store.get().length > 0) store.set([]);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's one store; `<Toaster/>` in the signed-in layout shows it. */
export const toastStore = createToastStore();

/**
 * Shows a notification (SPEC §2: bottom of the screen, 3000 ms by default, with a progress bar).
 *
 *     toast.positive('Notifications enabled on this device');
 *     toast.negative(message, { timeout: 10_000 });
 *     toast.positive('Removed from favourites', { action: { label: 'Undo', onAction: restore } });
 */
export const toast = {
  positive: (text: string, options?: ToastOptions) => toastStore.add('positive', text, options),
  negative: (text: string, options?: ToastOptions) => toastStore.add('negative', text, options),
  warning: (text: string, options?: ToastOptions) => toastStore.add('warning', text, options),
  info: (text: string, options?: ToastOptions) => toastStore.add('info', text, options),
  dismiss: (id: number) => toastStore.dismiss(id),
};
