import { useCallback, useEffect, useState } from 'react';
import { importGetRoute, type ImportReport } from '../../../../shared/contract/adminImports';
import { ApiError } from '../../../api/ApiError';
import { callApi } from '../../../api/client';
import { isAbort } from '../../../api/request';
import { isInProgress } from './importText';

/** How often a batch that a job is working on is read again. */
export const POLL_MS = 1_000;
/** After a failed read, the next try waits this long (the connection may be down). */
const RETRY_MS = 5_000;

export interface ImportReportValue {
  /** The report of the batch asked for; undefined until it has loaded. */
  readonly report: ImportReport | undefined;
  readonly error: ApiError | undefined;
  /** Reads the batch again, and goes on reading while a job works on it. */
  reload(): void;
}

/**
 * One batch's report, read when `rowId` is set and read again every POLL_MS while its state is
 * validating, applying or reverting; never cached (admin pages are online only).
 */
export function useImportReport(rowId: number | undefined): ImportReportValue {
  const [loaded, setLoaded] = useState<{ rowId: number; report?: ImportReport; error?: ApiError }>();
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (rowId === undefined) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const report = await callApi(importGetRoute, { params: { rowId }, signal: controller.signal });
        setLoaded({ rowId, report });
        if (isInProgress(report.state)) timer = setTimeout(() => void read(), POLL_MS);
      } catch (caught) {
        if (isAbort(caught, controller.signal)) return;
        const error = caught instanceof ApiError ? caught : ApiError.network(caught);
        setLoaded((old) => ({ rowId, ...(old?.rowId === rowId && old.report ? { report: old.report } : {}), error }));
        // A lost connection or a server hiccup may pass; a refusal (a batch that does not exist) stays.
        if (error.isNetworkError || error.status >= 500) timer = setTimeout(() => void read(), RETRY_MS);
      }
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [rowId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const isCurrent = loaded !== undefined && loaded.rowId === rowId;
  return { report: isCurrent ? loaded.report : undefined, error: isCurrent ? loaded.error : undefined, reload };
}
