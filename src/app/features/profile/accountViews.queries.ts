import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountViewsRoute } from '../../../shared/contract/adminViewAs';
import { callApi } from '../../api/client';

/** Each time an administrator viewed this account, and why (issue 17). */
export interface AccountView {
  readonly at: string;
  readonly reason: string;
}

const noViews: readonly AccountView[] = [];

/**
 * Who viewed the signed-in user's account, newest first: none until the server answers, and none
 * when it cannot be reached (offline). Not kept on the device; a failure is only logged.
 */
export function useAccountViews(): readonly AccountView[] {
  const views = useQuery({ queryKey: ['profile', 'accountViews'], queryFn: ({ signal }) => callApi(accountViewsRoute, { signal }) });
  useEffect(() => {
    if (views.error) console.warn('Could not load who viewed this account', views.error);
  }, [views.error]);
  return views.data ?? noViews;
}
