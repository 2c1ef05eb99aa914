import { useEffect, useState } from 'react';

/** The time now (epoch ms), renewed every `intervalMs`, for relative times such as '5 minutes ago'. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
