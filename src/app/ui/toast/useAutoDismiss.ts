import { useEffect, useRef } from 'react';

/**
 * Calls `onExpire` after `timeout` ms of unpaused time. Pausing keeps the time left, so a toast
 * someone is reading or tabbing through never closes under them. A timeout of 0 never expires.
 */
export function useAutoDismiss(timeout: number, isPaused: boolean, onExpire: () => void): void {
  const remaining = useRef(timeout);
  useEffect(() => {
    if (timeout <= 0 || isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(onExpire, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [timeout, isPaused, onExpire]);
}
