import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { ToastItem } from './ToastItem';
import { isUrgent, toastStore, type Toast } from './toastStore';
import { keepClearOfFocus } from './clearOfFocus';

function ToastList({ toasts, isAlert }: { readonly toasts: readonly Toast[]; readonly isAlert: boolean }) {
  // The live regions exist before any toast arrives, so screen readers announce each new one.
  return (
    <div className="toaster__region" role={isAlert ? 'alert' : 'status'}>
      {toasts.length > 0 && (
        <ol className="toaster__list">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * Where toasts appear: the bottom of the screen, above the phone menu bar; at the top instead while
 * the bottom would cover the focused control (clearOfFocus.ts). A toast whose text the page already
 * shows inline is dropped (ToastItem). Render it once.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const region = useRef<HTMLElement>(null);
  const count = toasts.length;
  useLayoutEffect(() => {
    // Rechecked whenever the toasts change: their height decides what they would cover.
    if (region.current && count > 0) return keepClearOfFocus(region.current);
    if (region.current) delete region.current.dataset.placement;
  }, [toasts, count]);
  return (
    <section ref={region} className="toaster" aria-label="Messages">
      <ToastList toasts={toasts.filter((toast) => isUrgent(toast.kind))} isAlert />
      <ToastList toasts={toasts.filter((toast) => !isUrgent(toast.kind))} isAlert={false} />
    </section>
  );
}
