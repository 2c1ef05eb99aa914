import { useSyncExternalStore } from 'react';
import { ToastItem } from './ToastItem';
import { isUrgent, toastStore, type Toast } from './toastStore';

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

/** Where toasts appear: the bottom of the screen, above the phone menu bar. Render it once. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return (
    <section className="toaster" aria-label="Messages">
      <ToastList toasts={toasts.filter((toast) => isUrgent(toast.kind))} isAlert />
      <ToastList toasts={toasts.filter((toast) => !isUrgent(toast.kind))} isAlert={false} />
    </section>
  );
}
