import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: what a query typed or picked by the user is
 * keyed on, so it asks once the user pauses rather than at every key press.
 */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
