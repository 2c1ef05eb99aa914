import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPageWhileShort } from '../../../serverState/paging';
import { auditLogRoute } from '../../../../shared/contract/adminAudit';
import { viewAsLogRoute } from '../../../../shared/contract/adminViewAs';
import { callApi } from '../../../api/client';

/** Entries fetched a time; older ones come with 'Load older entries'. */
const AUDIT_PAGE_SIZE = 100;

/** The audit log's filters as applied (blank means any). */
export interface AuditFilters {
  readonly actor: string;
  readonly action: string;
}

/** The audit page's server state: the log per applied filter, the view-as sessions per page. */
export const auditKeys = {
  all: ['adminAudit'] as const,
  log: (filters: AuditFilters) => [...auditKeys.all, 'log', filters] as const,
  viewAs: (page: number) => [...auditKeys.all, 'viewAs', page] as const,
};

/**
 * The audit log for the applied filters, filtered on the server, newest first, a page at a time;
 * each older page is added below the ones shown. While other filters load, the last answer stays.
 */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.log(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(auditLogRoute, {
        query: {
          ...(filters.actor ? { actor: filters.actor } : {}),
          ...(filters.action ? { action: filters.action } : {}),
          page: String(pageParam),
          pageSize: String(AUDIT_PAGE_SIZE),
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageWhileShort,
    placeholderData: keepPreviousData,
  });
}

/** One page of the view-as sessions, newest first; the page shown stays until the next one answers. */
export function useViewAsLog(page: number) {
  return useQuery({
    queryKey: auditKeys.viewAs(page),
    queryFn: ({ signal }) => callApi(viewAsLogRoute, { query: { page: String(page) }, signal }),
    placeholderData: keepPreviousData,
  });
}
