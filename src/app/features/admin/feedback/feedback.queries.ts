import { useInfiniteQuery } from '@tanstack/react-query';
import { adminFeedbackRoute } from '../../../../shared/contract/adminFeedback';
import { callApi } from '../../../api/client';

/** Entries fetched a time (the route allows up to 5,000). */
const FEEDBACK_PAGE_SIZE = 1000;

export const adminFeedbackKeys = {
  all: ['adminFeedback'] as const,
};

/** Every user's feedback, newest first, a page at a time ('Load older feedback' adds the next). */
export function useAdminFeedback() {
  return useInfiniteQuery({
    queryKey: adminFeedbackKeys.all,
    queryFn: ({ pageParam, signal }) => callApi(adminFeedbackRoute, { query: { limit: String(FEEDBACK_PAGE_SIZE), offset: String(pageParam) }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      return shown < last.total ? shown : undefined;
    },
  });
}
