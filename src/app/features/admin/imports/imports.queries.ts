import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { importApplyRoute, importGetRoute, importListRoute, importRevertRoute } from '../../../../shared/contract/adminImports';
import { isApiError } from '../../../api/ApiError';
import { callApi } from '../../../api/client';
import { isInProgress } from './importText';

/** How often a batch that a job is working on is read again. */
export const POLL_MS = 1_000;
/** After a failed read that may pass (no answer, a 5xx), the next try waits this long; a refusal stays. */
const RETRY_MS = 5_000;

/** The imports page's server state: the history, and each batch's report. Apply and revert mark both stale. */
export const importKeys = {
  all: ['adminImports'] as const,
  history: () => [...importKeys.all, 'history'] as const,
  report: (rowId: number | undefined) => [...importKeys.all, 'report', rowId] as const,
};

/** Every batch, newest first. */
export function useImportHistory() {
  return useQuery({ queryKey: importKeys.history(), queryFn: ({ signal }) => callApi(importListRoute, { signal }) });
}

/**
 * One batch's report, read when `rowId` is set and read again every POLL_MS while a job works on
 * it (validating, applying, reverting). A failed read keeps the last report on screen with the
 * error, and is tried again after RETRY_MS when the failure may pass.
 */
export function useImportReport(rowId: number | undefined) {
  return useQuery({
    queryKey: importKeys.report(rowId),
    queryFn: rowId === undefined ? skipToken : ({ signal }) => callApi(importGetRoute, { params: { rowId }, signal }),
    refetchInterval: (query) => {
      const { status, error, data } = query.state;
      if (status === 'error') return isApiError(error) && (error.isNetworkError || error.status >= 500) ? RETRY_MS : false;
      return data && isInProgress(data.state) ? POLL_MS : false;
    },
  });
}

/** Reads the history again (its rows show each batch's state). */
export function reloadImportHistory(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: importKeys.history() });
}

/** Applies a checked batch (its job is queued; `acceptWarnings`: the warnings were read); the batch is followed again. */
export async function applyImport(client: QueryClient, rowId: number, acceptWarnings: boolean, idempotencyKey: string) {
  const answer = await callApi(importApplyRoute, { params: { rowId }, body: { acceptWarnings }, idempotencyKey });
  void client.invalidateQueries({ queryKey: importKeys.all });
  return answer;
}

/** Reverts an applied batch (its job is queued); the batch is followed again. */
export async function revertImport(client: QueryClient, rowId: number, idempotencyKey: string) {
  const answer = await callApi(importRevertRoute, { params: { rowId }, idempotencyKey });
  void client.invalidateQueries({ queryKey: importKeys.all });
  return answer;
}
