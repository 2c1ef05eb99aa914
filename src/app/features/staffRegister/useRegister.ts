import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { closeRegisterRoute, getRegisterRoute, markPresentRoute, setCheckInRequirementRoute, type ClassRegister } from '../../../shared/contract/staffRegister';
import { callApi } from '../../api/client';

/** How often an open register asks the server again (the real-time feed may replace this). */
export const registerPollMs = 5_000;

/** The query key of a class's register (serverState/): the page and the timetable's live count share it. */
export const registerKey = (eventRowId: string) => ['staffRegister', eventRowId] as const;

export interface RegisterState {
  readonly register: ClassRegister | undefined;
  readonly error: unknown;
  /** Replaces the register with a write's answer (every register write returns it). */
  readonly replace: (register: ClassRegister) => void;
  /** Fetches it again now. */
  readonly reload: () => void;
}

const isLive = (register: ClassRegister | undefined): boolean => register !== undefined && register.closedAt === null && !register.isCancelled;

/**
 * The register of a class, fetched at once and then every {@link registerPollMs} while it is open
 * and the page is visible, so registrations show up live. A closed or cancelled register is not
 * polled. Not kept on the device: it is live data, and only the lecturer's.
 */
export function useRegister(eventRowId: string): RegisterState {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: registerKey(eventRowId),
    queryFn: ({ signal }) => callApi(getRegisterRoute, { params: { eventRowId }, signal }),
    // Polls only while the document is visible (TanStack's default for intervals).
    refetchInterval: (current) => (isLive(current.state.data) ? registerPollMs : false),
  });
  const replace = useCallback((register: ClassRegister) => client.setQueryData(registerKey(eventRowId), register), [client, eventRowId]);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: registerKey(eventRowId) }), [client, eventRowId]);
  return { register: query.data, error: query.error ?? undefined, replace, reload };
}

/** Marks a student present (before the register closes); the answer replaces the register. */
export function useMarkPresent(eventRowId: string): (studentUserId: number) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (studentUserId: number) => {
      const register = await callApi(markPresentRoute, { params: { eventRowId, studentUserId }, body: { attended: true } });
      client.setQueryData(registerKey(eventRowId), register);
    },
    [client, eventRowId],
  );
}

/*
 * The register page's other writes. Each answers with the whole register, which the page puts
 * into the register's query (`replace` above), as every screen showing it then shows.
 */

/** The register as the server has it now (after a move or a cancellation, which answer otherwise). */
export function fetchRegister(eventRowId: number): Promise<ClassRegister> {
  return callApi(getRegisterRoute, { params: { eventRowId } });
}

/** Closes the register now: the students not registered are recorded absent. */
export function closeRegister(eventRowId: number): Promise<ClassRegister> {
  return callApi(closeRegisterRoute, { params: { eventRowId } });
}

/** Marks a student present after the register has closed, with the lecturer's reason (audited). */
export function markPresentAfterClose(eventRowId: number, studentUserId: number, reason: string): Promise<ClassRegister> {
  return callApi(markPresentRoute, { params: { eventRowId, studentUserId }, body: { attended: true, reason } });
}

/** Turns the module's check-in code on or off (every class of the module). */
export function setCheckInRequirement(eventRowId: number, requiresCheckInCode: boolean): Promise<ClassRegister> {
  return callApi(setCheckInRequirementRoute, { params: { eventRowId }, body: { requiresCheckInCode } });
}
