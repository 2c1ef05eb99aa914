import { useQuery } from '@tanstack/react-query';
import { jobsStateRoute, type JobsState } from '../../../../shared/contract/admin';
import { callApi } from '../../../api/client';
import { serverNow } from '../../timetable/serverClock';

export const adminJobsKeys = {
  all: ['adminJobs'] as const,
};

/** The job queue as read, with the server time it was read at (for "Updated …"). */
export interface ReadJobs {
  readonly state: JobsState;
  readonly at: number;
}

/** The durable job queue's counts and latest failures; read again with the page's Refresh. */
export function useJobsState() {
  return useQuery({
    queryKey: adminJobsKeys.all,
    queryFn: async ({ signal }): Promise<ReadJobs> => ({ state: await callApi(jobsStateRoute, { signal }), at: serverNow() }),
  });
}
