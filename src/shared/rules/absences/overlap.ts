import type { AbsenceRequest } from '../../contract/absences';
import { isEditableStatus } from './status';

/** A span from `start` to `end`, end excluded: ISO date-times of one format, epoch ms, or Dates. */
export interface Span<T extends string | number | Date = string> {
  readonly start: T;
  readonly end: T;
}

/**
 * Two spans overlap when each starts before the other ends. The end is excluded, so spans that
 * only touch (one ends at 10:00, the next starts at 10:00) do not overlap, and neither does an
 * empty or reversed span. Strings compare as text: give both spans in one format (for absences,
 * London wall clock 'YYYY-MM-DDTHH:mm:ss').
 */
export function spansOverlap<T extends string | number | Date>(a: Span<T>, b: Span<T>): boolean {
  return a.start < a.end && b.start < b.end && a.start < b.end && b.start < a.end;
}

/** What the overlap rule reads of a request. */
export type OverlapCandidate = Pick<AbsenceRequest, 'rowId' | 'absenceStart' | 'absenceEnd' | 'absenceStatus'>;

export interface OpenOverlap<R extends OverlapCandidate = OverlapCandidate> {
  readonly request: R;
  /** The same span exactly: the server refuses a new request for it (409). */
  readonly isExact: boolean;
}

/** A request's London wall clock: '2026-11-03T09:00:00+00:00' → '2026-11-03T09:00:00'. */
const wallClock = (value: string): string => value.slice(0, 19);

/**
 * The student's open requests that `span` (London wall clock 'YYYY-MM-DDTHH:mm:ss') overlaps,
 * earliest first. Open means not decided nor withdrawn yet: Pending or AwaitingEvidence, the
 * statuses the server's duplicate check counts (an exact copy of one is refused with 409). A
 * request is compared by its wall clock, as the dialog shows it. `exceptRowId` leaves out the
 * request being edited.
 */
export function openOverlaps<R extends OverlapCandidate>(span: Span, requests: readonly R[], exceptRowId?: number): OpenOverlap<R>[] {
  return requests
    .filter((request) => request.rowId !== exceptRowId && isEditableStatus(request.absenceStatus))
    .map((request) => ({ request, own: { start: wallClock(request.absenceStart), end: wallClock(request.absenceEnd) } }))
    .filter(({ own }) => spansOverlap(span, own))
    .sort((a, b) => (a.own.start < b.own.start ? -1 : a.own.start > b.own.start ? 1 : a.request.rowId - b.request.rowId))
    .map(({ request, own }) => ({ request, isExact: own.start === span.start && own.end === span.end }));
}
