import { useEffect, useState } from 'react';
import { getCheckInCodeRoute, type CheckInCode } from '../../../shared/contract/staffRegister';
import { callApi } from '../../api/client';
import { isAbortError } from '../../api/errorHandler';
import { serverNow } from '../timetable/serverClock';

/** Asked again this long after the code's change time, so the server is surely in the next window. */
const afterChangeMs = 250;
/** After a failure (the network, say), tried again this often. */
const retryMs = 5_000;

export interface CheckInCodeState {
  readonly code: CheckInCode | undefined;
  readonly error: unknown;
}

/**
 * The check-in code to project (issue 31 §5), fetched while `isShown` and again as each one is
 * replaced: at its `changesAt` on the server-adjusted clock, so the screen changes when the server
 * does, whatever the projector computer's own clock says. Never cached.
 */
export function useCheckInCode(eventRowId: number, isShown: boolean): CheckInCodeState {
  const [state, setState] = useState<CheckInCodeState>({ code: undefined, error: undefined });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!isShown) return undefined;
    const controller = new AbortController();
    let timer: number | undefined;
    const next = (delayMs: number) => {
      timer = window.setTimeout(() => setRound((n) => n + 1), Math.max(afterChangeMs, delayMs));
    };
    callApi(getCheckInCodeRoute, { params: { eventRowId }, signal: controller.signal }).then(
      (code) => {
        setState({ code, error: undefined });
        next(Date.parse(code.changesAt) - serverNow() + afterChangeMs);
      },
      (failure: unknown) => {
        if (isAbortError(failure)) return;
        setState({ code: undefined, error: failure });
        next(retryMs);
      },
    );
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [eventRowId, isShown, round]);

  return isShown ? state : { code: undefined, error: undefined };
}
