import { useCallback, useEffect, useState } from 'react';
import { getRegisterRoute, type ClassRegister } from '../../../shared/contract/staffRegister';
import { callApi } from '../../api/client';
import { isAbortError } from '../../api/errorHandler';

/** How often an open register asks the server again (the real-time feed may replace this). */
export const registerPollMs = 5_000;

export interface RegisterState {
  readonly register: ClassRegister | undefined;
  readonly error: unknown;
  /** Replaces the register with a write's answer (every register write returns it). */
  readonly replace: (register: ClassRegister) => void;
  /** Fetches it again now. */
  readonly reload: () => void;
}

/**
 * The register of a class, fetched at once and then every {@link registerPollMs} while it is open
 * and the page is visible, so registrations show up live. A closed or cancelled register is not
 * polled. Not cached: it is live data, and only the lecturer's.
 */
export function useRegister(eventRowId: string): RegisterState {
  const [register, setRegister] = useState<ClassRegister>();
  const [error, setError] = useState<unknown>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    callApi(getRegisterRoute, { params: { eventRowId }, signal: controller.signal }).then(
      (answer) => {
        setRegister(answer);
        setError(undefined);
      },
      (failure: unknown) => {
        if (!isAbortError(failure)) setError(failure);
      },
    );
    return () => controller.abort();
  }, [eventRowId, round]);

  const isLive = register !== undefined && register.closedAt === null && !register.isCancelled;
  useEffect(() => {
    if (!isLive) return undefined;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setRound((n) => n + 1);
    }, registerPollMs);
    return () => window.clearInterval(timer);
  }, [isLive]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { register, error, replace: setRegister, reload };
}
