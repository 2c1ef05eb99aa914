import type { AbsenceStatus } from '../../../shared/contract/absences';
import type { StaffAbsenceQuery } from '../../../shared/contract/staffAbsences';
import { awaitingReviewStatuses } from '../../../shared/rules/absences/decisions';
import { isOneOf } from '../../../shared/guards';

/**
 * The review queue's filter lives in the page's URL (`?status=Pending&student=liam&page=2`), so a
 * reviewer who opens a request and comes back finds the list as they left it, and can share it.
 */
export interface QueueFilterState {
  readonly statuses: readonly AbsenceStatus[];
  readonly module: string;
  readonly from: string;
  readonly to: string;
  readonly category: string;
  readonly student: string;
  readonly page: number;
  readonly pageSize: number;
}

export const allStatuses: readonly AbsenceStatus[] = ['Pending', 'AwaitingEvidence', 'PendingCancellation', 'Approved', 'Denied', 'Cancelled'];
export const queuePageSizes = [10, 20, 50] as const;
const defaultPageSize = 20;

const isStatus = (value: string): value is AbsenceStatus => isOneOf(allStatuses, value);
const positive = (text: string | null, fallback: number): number => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
};

export function readQueueFilter(search: URLSearchParams): QueueFilterState {
  const statuses = search.getAll('status').filter(isStatus);
  const pageSize = positive(search.get('pageSize'), defaultPageSize);
  return {
    statuses: statuses.length > 0 ? statuses : awaitingReviewStatuses,
    module: search.get('module') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    category: search.get('category') ?? '',
    student: search.get('student') ?? '',
    page: positive(search.get('page'), 1),
    pageSize: isOneOf(queuePageSizes, pageSize) ? pageSize : defaultPageSize,
  };
}

/** The URL's search part for a filter; defaults are left out. */
export function writeQueueFilter(filter: QueueFilterState): URLSearchParams {
  const search = new URLSearchParams();
  const isDefaultStatuses = filter.statuses.length === awaitingReviewStatuses.length && awaitingReviewStatuses.every((s) => filter.statuses.includes(s));
  if (!isDefaultStatuses) for (const status of filter.statuses) search.append('status', status);
  for (const key of ['module', 'from', 'to', 'category', 'student'] as const) if (filter[key].trim()) search.set(key, filter[key].trim());
  if (filter.page > 1) search.set('page', String(filter.page));
  if (filter.pageSize !== defaultPageSize) search.set('pageSize', String(filter.pageSize));
  return search;
}

/** The API query for a filter. */
export function toApiQuery(filter: QueueFilterState): StaffAbsenceQuery {
  const query: StaffAbsenceQuery = { status: [...filter.statuses], page: String(filter.page), pageSize: String(filter.pageSize) };
  for (const key of ['module', 'from', 'to', 'category', 'student'] as const) if (filter[key].trim()) query[key] = filter[key].trim();
  return query;
}

/** How many filters narrow the queue: the statuses when not the default set, and each field filled in. */
export function activeFilterCount(filter: QueueFilterState): number {
  const isDefaultStatuses = filter.statuses.length === awaitingReviewStatuses.length && awaitingReviewStatuses.every((s) => filter.statuses.includes(s));
  return (isDefaultStatuses ? 0 : 1) + (['module', 'from', 'to', 'category', 'student'] as const).filter((key) => filter[key].trim() !== '').length;
}
