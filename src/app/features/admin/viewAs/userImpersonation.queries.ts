import { useQuery } from '@tanstack/react-query';
import { endUserSessionsRoute, usersSearchRoute } from '../../../../shared/contract/adminViewAs';
import { callApi } from '../../../api/client';

export const userImpersonationKeys = {
  all: ['adminUserImpersonation'] as const,
  search: (query: string) => [...userImpersonationKeys.all, 'search', query] as const,
};

/** The users matching `query` (name, user name or student id); asked only when `isEnabled`. */
export function useUsersSearch(query: string, isEnabled: boolean) {
  return useQuery({
    queryKey: userImpersonationKeys.search(query),
    queryFn: ({ signal }) => callApi(usersSearchRoute, { query: { query }, signal }),
    enabled: isEnabled,
  });
}

/** Ends every session of a user (audited); answers how many were ended. */
export async function endUserSessions(rowId: number, idempotencyKey: string): Promise<number> {
  const answer = await callApi(endUserSessionsRoute, { params: { rowId }, idempotencyKey });
  return answer.endedSessions;
}
