import { useCallback, useEffect, useId, useState, type CSSProperties } from 'react';
import { Icon, type IconName } from '../icons/Icon';
import { isShownInline } from './inlineMessages';
import { toastStore, type Toast, type ToastKind } from './toastStore';
import { useAutoDismiss } from './useAutoDismiss';

const icons = {
  positive: 'check',
  negative: 'alert',
  warning: 'alert',
  info: 'info',
} as const satisfies Record<ToastKind, IconName>;

/**
 * One notification: icon, text, optional action, dismiss button and a draining progress bar. It
 * shows from the next frame, once the page has rendered what came with it: if the page already
 * shows the same message inline (a note in the open dialog, say), the toast is dropped unseen.
 */
export function ToastItem({ toast }: { readonly toast: Toast }) {
  const [isChecked, setIsChecked] = useState(false);
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const textId = useId();
  const isPaused = !isChecked || isHovered || isFocused;
  const dismiss = useCallback(() => toastStore.dismiss(toast.id), [toast.id]);
  useAutoDismiss(toast.timeout, isPaused, dismiss);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (isShownInline(toast.text)) dismiss();
      else setIsChecked(true);
    });
    return () => cancelAnimationFrame(frame);
  }, [toast.text, dismiss]);
  if (!isChecked) return null;

  const style: CSSProperties = { '--toast-timeout': `${toast.timeout}ms` };
  return (
    <li
      className={`toast toast--${toast.kind}`}
      style={style}
      data-paused={isPaused || undefined}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setIsFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsFocused(false);
      }}
    >
      <Icon name={icons[toast.kind]} size={20} className="toast__icon" />
      <p id={textId} className="toast__text">
        {toast.text}
      </p>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          // Its toast's text describes it: with two Undo toasts up, each says what it undoes.
          aria-describedby={textId}
          onClick={() => {
            toast.action?.onAction();
            dismiss();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast__dismiss" aria-label="Dismiss" onClick={dismiss}>
        <Icon name="close" size={18} />
      </button>
      {toast.timeout > 0 && <span className="toast__progress" aria-hidden="true" />}
    </li>
  );
}
