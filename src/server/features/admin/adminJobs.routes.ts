import { jobsStateRoute } from '../../../shared/contract/admin.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';

/** The job queue's state for administrators (Administrator only, by the contract). */
export function adminJobsRoutes(jobs: JobQueue): RouteImplementation[] {
  return [implement(jobsStateRoute, () => jobs.state())];
}
