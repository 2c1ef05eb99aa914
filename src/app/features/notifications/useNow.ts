import { useEffect, useState } from 'react';
import { serverNow } from '../timetable/serverClock';

/**
 * The server-adjusted time now (epoch ms), renewed every `intervalMs`, for relative times such as
 * '5 minutes ago' against the server's dateSent. Coarser than the timetable's 1 s ticker on
 * purpose: a list of notifications need not re-render every second.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
