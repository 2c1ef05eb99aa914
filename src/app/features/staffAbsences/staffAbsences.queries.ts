import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AbsenceRequest } from '../../../shared/contract/absences';
import {
  staffAbsenceCountsRoute,
  staffAbsenceDecisionRoute,
  staffAbsenceDetailRoute,
  staffAbsenceListRoute,
  staffAbsenceUndoRoute,
  type AbsenceDecisionBody,
  type StaffAbsenceDetail,
  type StaffAbsencePage,
} from '../../../shared/contract/staffAbsences';
import { callApi } from '../../api/client';
import { serverNow } from '../timetable/serverClock';
import { readQueueFilter, toApiQuery } from './queueFilter';

/**
 * The review queue's server state (online only: nothing here is kept on the device). Keys: every
 * queue page under `list`, one request under `detail`, the home page's counts under `counts`; a
 * decision or its undo puts the answer in the request's entry and marks every queue page and the
 * counts stale.
 */
export const staffAbsenceKeys = {
  all: ['staffAbsences'] as const,
  lists: () => [...staffAbsenceKeys.all, 'list'] as const,
  list: (search: string) => [...staffAbsenceKeys.lists(), search] as const,
  /** The first requests of the queue a reviewer came from (its search string), for "Next request". */
  next: (back: string) => [...staffAbsenceKeys.lists(), 'next', back] as const,
  detail: (rowId: string) => [...staffAbsenceKeys.all, 'detail', rowId] as const,
  /** How many requests wait in each queue (the home page's review-queues widget). */
  counts: () => [...staffAbsenceKeys.all, 'counts'] as const,
};

/** A request as shown, with the server time it was loaded at (for "waiting for …"). */
export interface ShownDetail {
  readonly detail: StaffAbsenceDetail;
  readonly at: number;
}

/** A queue page as shown, with the server time it was loaded at (for how long each request has waited). */
export interface ShownPage {
  readonly page: StaffAbsencePage;
  readonly at: number;
}

/**
 * One page of the queue for the list page's search string (its filter). While the next page or
 * filter loads, the previous answer stays on screen.
 */
export function useStaffAbsencePage(search: string) {
  return useQuery({
    queryKey: staffAbsenceKeys.list(search),
    queryFn: async ({ signal }): Promise<ShownPage> => ({
      page: await callApi(staffAbsenceListRoute, { query: toApiQuery(readQueueFilter(new URLSearchParams(search))), signal }),
      at: serverNow(),
    }),
    placeholderData: keepPreviousData,
  });
}

/** The first ten requests of the reviewer's queue (`back`, its search string), to offer the next one. */
export function useQueueHead(back: string) {
  return useQuery({
    queryKey: staffAbsenceKeys.next(back),
    queryFn: ({ signal }) => callApi(staffAbsenceListRoute, { query: toApiQuery({ ...readQueueFilter(new URLSearchParams(back)), page: 1, pageSize: 10 }), signal }),
  });
}

export function useStaffAbsenceDetail(rowId: string) {
  return useQuery({
    queryKey: staffAbsenceKeys.detail(rowId),
    queryFn: async ({ signal }): Promise<ShownDetail> => ({ detail: await callApi(staffAbsenceDetailRoute, { params: { rowId }, signal }), at: serverNow() }),
  });
}

/** How many requests wait for a decision and for the student, for the home page's widget. */
export function useStaffAbsenceCounts() {
  return useQuery({
    queryKey: staffAbsenceKeys.counts(),
    queryFn: ({ signal }) => callApi(staffAbsenceCountsRoute, { signal }),
  });
}

/** A write's answer (a decision, an undo) becomes the request's entry; the queue pages and the counts go stale. */
export function showDecided(client: QueryClient, detail: StaffAbsenceDetail): void {
  client.setQueryData<ShownDetail>(staffAbsenceKeys.detail(String(detail.request.rowId)), { detail, at: serverNow() });
  void client.invalidateQueries({ queryKey: staffAbsenceKeys.lists() });
  void client.invalidateQueries({ queryKey: staffAbsenceKeys.counts() });
}

/**
 * Sends a decision on the request as the reviewer was shown it (its lastModified: a 409 means
 * someone changed it meanwhile). The answer becomes the request's entry, as {@link showDecided}.
 */
export async function decideAbsence(
  client: QueryClient,
  request: AbsenceRequest,
  decision: Pick<AbsenceDecisionBody, 'absenceStatus' | 'messageToStudent'>,
): Promise<StaffAbsenceDetail> {
  const detail = await callApi(staffAbsenceDecisionRoute, { params: { rowId: request.rowId }, body: { ...decision, lastModified: request.lastModified } });
  showDecided(client, detail);
  return detail;
}

/** Fetches the request again (after a 409: someone changed it meanwhile). */
export function useReloadStaffAbsence(rowId: string): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: staffAbsenceKeys.detail(rowId) });
}

/**
 * Undoes a decision within its window; the restored request replaces the decided one. A plain
 * call, not a mutation hook: the Undo toast outlives the page that offered it.
 */
export async function undoDecision(client: QueryClient, decided: StaffAbsenceDetail): Promise<StaffAbsenceDetail> {
  const restored = await callApi(staffAbsenceUndoRoute, { params: { rowId: decided.request.rowId }, body: { lastModified: decided.request.lastModified } });
  showDecided(client, restored);
  return restored;
}
