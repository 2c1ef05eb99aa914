import type { AbsenceCategory, AbsenceRequest, AbsenceStatus } from '../../../shared/contract/absences';
import { splitLocalDateTime } from '../../../shared/rules/absences';

/**
 * How the absences table shows a request (SPEC §2, §4). Absence times are London wall-clock
 * values with an offset (2025-10-13T09:00:00+01:00); the first 19 characters are that wall clock,
 * so no time zone arithmetic is needed and every device shows what the student chose.
 */

/** 'DD/MM/YY', plus ' HH:mm' when the start is not midnight. */
export function startLabel(absenceStart: string): string {
  const { date, time } = splitLocalDateTime(absenceStart.slice(0, 19));
  const [year = '', month = '', day = ''] = date.split('-');
  const short = `${day}/${month}/${year.slice(2)}`;
  return time.startsWith('00:00:00') ? short : `${short} ${time.slice(0, 5)}`;
}

export type StatusTone = 'warning' | 'positive' | 'negative' | 'cancelled';

/** SPEC §4 badge colours. */
export const statusTones: Readonly<Record<AbsenceStatus, StatusTone>> = {
  Pending: 'warning',
  AwaitingEvidence: 'warning',
  Approved: 'positive',
  Denied: 'negative',
  PendingCancellation: 'cancelled',
  Cancelled: 'cancelled',
};

/** The badge's text, so colour is never the only cue. */
export const statusLabels: Readonly<Record<AbsenceStatus, string>> = {
  Pending: 'Pending',
  AwaitingEvidence: 'Awaiting evidence',
  Approved: 'Approved',
  Denied: 'Denied',
  PendingCancellation: 'Pending cancellation',
  Cancelled: 'Cancelled',
};

export type ImpactKind = 'informed' | 'authorised' | 'unknown';

export interface Impact {
  readonly kind: ImpactKind;
  /** Shown beside the symbol (issue 34 §4): what the absence does to the figures, in a word or three. */
  readonly shortLabel: string;
  /** The rest of the meaning, with the reason: read after the short label, and in the tooltip. */
  readonly detail: string;
}

/** SPEC §2: an arrow for Informed, a cross for Authorised, a question mark for an unknown category. */
export function impactOf(categoryRowId: number, categories: readonly AbsenceCategory[] | undefined): Impact {
  const category = categories?.find((candidate) => candidate.rowId === categoryRowId);
  if (category?.absenceType === 'Informed') {
    return { kind: 'informed', shortLabel: 'Counts as missed', detail: `${category.absenceCategoryName} is an informed absence: the classes still count as missed` };
  }
  if (category?.absenceType === 'Authorised') {
    return { kind: 'authorised', shortLabel: 'Authorised', detail: `${category.absenceCategoryName} is an authorised absence: the classes do not count as missed` };
  }
  return { kind: 'unknown', shortLabel: 'Unknown', detail: 'The reason’s category is not known' };
}

/** A short description of a request for the open button's accessible name. */
export function requestSummary(request: AbsenceRequest): string {
  return `${startLabel(request.absenceStart)}, ${statusLabels[request.absenceStatus]}`;
}
