import { referralStatuses, type ReferralStatus } from '../../../shared/contract/referrals';
import type { StaffReferralQuery } from '../../../shared/contract/staffReferrals';
import { isOneOf } from '../../../shared/guards';

/**
 * The referral queue's filter lives in the page's URL (`?status=Closed&student=amara&page=2`), so
 * whoever opens a case and comes back finds the list as they left it.
 */
export interface ReferralFilterState {
  readonly statuses: readonly ReferralStatus[];
  readonly student: string;
  readonly page: number;
}

/** With no status chosen: the open referrals (as the server does). */
export const defaultStatuses: readonly ReferralStatus[] = ['New', 'Contacted'];

const isStatus = (value: string): value is ReferralStatus => isOneOf(referralStatuses, value);

export function readReferralFilter(search: URLSearchParams): ReferralFilterState {
  const statuses = search.getAll('status').filter(isStatus);
  const page = Number(search.get('page'));
  return {
    statuses: statuses.length > 0 ? statuses : defaultStatuses,
    student: search.get('student') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL's search part for a filter; defaults are left out. */
export function writeReferralFilter(filter: ReferralFilterState): URLSearchParams {
  const search = new URLSearchParams();
  const isDefault = filter.statuses.length === defaultStatuses.length && defaultStatuses.every((s) => filter.statuses.includes(s));
  if (!isDefault) for (const status of filter.statuses) search.append('status', status);
  if (filter.student.trim()) search.set('student', filter.student.trim());
  if (filter.page > 1) search.set('page', String(filter.page));
  return search;
}

export function toReferralQuery(filter: ReferralFilterState): StaffReferralQuery {
  return {
    status: [...filter.statuses],
    page: String(filter.page),
    ...(filter.student.trim() ? { student: filter.student.trim() } : {}),
  } satisfies StaffReferralQuery;
}

/** The badge's tone per status; its text says the status too, so colour is never the only cue. */
export const referralStatusTones: Readonly<Record<ReferralStatus, 'warning' | 'positive' | 'cancelled'>> = {
  New: 'warning',
  Contacted: 'positive',
  Closed: 'cancelled',
};

/** 'DD/MM/YYYY HH:mm' of a London ISO date-time, read as the wall clock it carries. */
export function caseTimeLabel(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}
