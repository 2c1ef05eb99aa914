import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { nextPageWhileShort } from '../../../serverState/paging';
import { adminClassListRoute, maxAdminClassPageSize } from '../../../../shared/contract/adminClasses';
import { callApi } from '../../../api/client';

/** The classes page's filters as applied (blank means the server's default). */
export interface ClassFilters {
  readonly from: string;
  readonly to: string;
  readonly q: string;
}

export const adminClassKeys = {
  all: ['adminClasses'] as const,
  list: (filters: ClassFilters) => [...adminClassKeys.all, 'list', filters] as const,
};

/**
 * The classes matching the applied filters, a page at a time ('Load more classes' adds the next
 * page below). While other filters load, the last answer stays on screen.
 */
export function useAdminClasses(filters: ClassFilters) {
  return useInfiniteQuery({
    queryKey: adminClassKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(adminClassListRoute, {
        query: {
          ...(filters.from ? { from: filters.from } : {}),
          ...(filters.to ? { to: filters.to } : {}),
          ...(filters.q ? { q: filters.q } : {}),
          page: String(pageParam),
          pageSize: String(maxAdminClassPageSize),
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageWhileShort,
    placeholderData: keepPreviousData,
  });
}

/** After a class is moved or cancelled: every list read again, each with the pages it shows. */
export function useReloadAdminClasses(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminClassKeys.all });
}
