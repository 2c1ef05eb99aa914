import { useLayoutEffect, useRef, type MouseEvent, type RefObject } from 'react';

/**
 * Where the keyboard goes after a file's Remove button is pressed: once that file (and so the
 * button) has left the list, the Remove of the file now in its place, else the last one, else
 * `fallback` ('Add files'), rather than focus dropping to the top of the dialog. Returns the
 * handler to call from each Remove button's press.
 */
export function useRemovalFocus(list: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null>, buttonSelector: string) {
  const removedRef = useRef<{ readonly button: HTMLElement; readonly index: number } | null>(null);

  useLayoutEffect(() => {
    const removed = removedRef.current;
    if (!removed || removed.button.isConnected) return;
    removedRef.current = null;
    const buttons = list.current?.querySelectorAll<HTMLElement>(buttonSelector);
    const next = buttons && buttons.length > 0 ? buttons[Math.min(removed.index, buttons.length - 1)] : undefined;
    (next ?? fallback.current)?.focus();
  });

  return (event: MouseEvent<HTMLElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>(buttonSelector) ?? [])];
    removedRef.current = { button: event.currentTarget, index: buttons.indexOf(event.currentTarget) };
  };
}
