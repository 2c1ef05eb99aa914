import { useQuery } from '@tanstack/react-query';
import { getCheckInCodeRoute, type CheckInCode } from '../../../shared/contract/staffRegister';
import { callApi } from '../../api/client';
import { serverNow } from '../timetable/serverClock';

/** Asked again this long after the code's change time, so the server is surely in the next window. */
const afterChangeMs = 250;
/** After a failure (the network, say), tried again this often. */
const retryMs = 5_000;

/** The query key of a class's projected code (apart from the register's, which a reload invalidates). */
export const checkInCodeKey = (eventRowId: number) => ['checkInCode', eventRowId] as const;

export interface CheckInCodeState {
  readonly code: CheckInCode | undefined;
  readonly error: unknown;
}

/**
 * The check-in code to project (issue 31 §5), fetched while `isShown` and again as each one is
 * replaced: at its `changesAt` on the server-adjusted clock, so the screen changes when the server
 * does, whatever the projector computer's own clock says; after a failure, every {@link retryMs}.
 * It keeps going while the page is hidden (a projector's screen may not have the focus). Never
 * cached: it is dropped as soon as nothing shows it.
 */
export function useCheckInCode(eventRowId: number, isShown: boolean): CheckInCodeState {
  const query = useQuery({
    queryKey: checkInCodeKey(eventRowId),
    queryFn: ({ signal }) => callApi(getCheckInCodeRoute, { params: { eventRowId }, signal }),
    enabled: isShown,
    gcTime: 0,
    refetchInterval: ({ state }) =>
      state.status === 'success' && state.data ? Math.max(afterChangeMs, Date.parse(state.data.changesAt) - serverNow() + afterChangeMs) : retryMs,
    refetchIntervalInBackground: true,
  });
  // A failed fetch hides the code it replaces, as the one on screen may no longer be accepted.
  if (!isShown) return { code: undefined, error: undefined };
  return { code: query.isError ? undefined : query.data, error: query.error ?? undefined };
}
