import { toast as toastDefaults } from '../../../shared/constants';

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

/** A tiny external store for `useSyncExternalStore`: a list that only ever gets replaced. */
export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();

  const set = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: (): readonly Toast[] => toasts,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Shows a toast and returns its id. The same text of the same kind already showing is not repeated. */
    add(kind: ToastKind, text: string, options: ToastOptions = {}): number {
      const same = toasts.find((existing) => existing.kind === kind && existing.text === text && !existing.action);
      if (same && !options.action) return same.id;
      const created: Toast = {
        id: nextId++,
        kind,
        text,
        timeout: Math.max(0, options.timeout ?? toastDefaults.defaultTimeoutMs),
        ...(options.action ? { action: options.action } : {}),
      };
      set([...toasts, created].slice(-maxToasts));
      return created.id;
    },
    dismiss(id: number): void {
      if (toasts.some((existing) => existing.id === id)) set(toasts.filter((existing) => existing.id !== id));
    },
    clear(): void {
      if (toasts.length > 0) set([]);
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
