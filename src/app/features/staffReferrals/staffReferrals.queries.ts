import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { staffReferralDetailRoute, staffReferralListRoute, staffReferralUpdateRoute, type ReferralUpdateBody, type StaffReferralDetail } from '../../../shared/contract/staffReferrals';
import { callApi } from '../../api/client';
import { readReferralFilter, toReferralQuery } from './referralFilter';

/**
 * Student Support's referrals as server state (online only: nothing here is kept on the device).
 * Keys: every list page under `list` (the home page's count among them), one referral under
 * `detail`; an update puts the answer in the referral's entry and marks every list stale.
 */
export const staffReferralKeys = {
  all: ['staffReferrals'] as const,
  lists: () => [...staffReferralKeys.all, 'list'] as const,
  list: (search: string) => [...staffReferralKeys.lists(), search] as const,
  /** The new referrals' count on the home page. */
  newCount: () => [...staffReferralKeys.lists(), 'new'] as const,
  detail: (rowId: string) => [...staffReferralKeys.all, 'detail', rowId] as const,
};

/** One page of referrals for the list page's search string (its filter); the previous page stays shown while the next loads. */
export function useStaffReferralPage(search: string) {
  return useQuery({
    queryKey: staffReferralKeys.list(search),
    queryFn: ({ signal }) => callApi(staffReferralListRoute, { query: toReferralQuery(readReferralFilter(new URLSearchParams(search))), signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many referrals are new (nobody has contacted the student yet) and how many are open. */
export function useNewReferralCount() {
  return useQuery({
    queryKey: staffReferralKeys.newCount(),
    queryFn: ({ signal }) => callApi(staffReferralListRoute, { query: { status: ['New'] }, signal }),
    select: (page) => ({ fresh: page.counts.New, open: page.counts.New + page.counts.Contacted }),
  });
}

export function useStaffReferralDetail(rowId: string) {
  return useQuery({
    queryKey: staffReferralKeys.detail(rowId),
    queryFn: ({ signal }) => callApi(staffReferralDetailRoute, { params: { rowId }, signal }),
  });
}

/** Saves a status and case note; the answer becomes the referral's entry and every list goes stale. */
export async function updateReferral(client: QueryClient, rowId: number, body: ReferralUpdateBody): Promise<StaffReferralDetail> {
  const detail = await callApi(staffReferralUpdateRoute, { params: { rowId }, body });
  client.setQueryData(staffReferralKeys.detail(String(detail.rowId)), detail);
  void client.invalidateQueries({ queryKey: staffReferralKeys.lists() });
  return detail;
}
