import type { AbsenceRequest } from '../../../shared/contract/absences';
import { allDayLastDay, displayDate, splitLocalDateTime, type OpenOverlap } from '../../../shared/rules/absences';

/**
 * The warning the absence dialog shows when the entered range overlaps the student's open requests
 * (the review queue's flood fix). It never blocks: the server refuses only an exact copy of an open
 * request's span, and for that the warning says so.
 */

/**
 * A request's span in the form's DD/MM/YYYY (SPEC §5), read from its London wall clock like the
 * form: an all-day request by its days ('03/11/2026 to 05/11/2026', or one day), else with times
 * ('03/11/2026, 10:00 to 14:00', or both dates when it ends on another day).
 */
export function requestSpanText(request: Pick<AbsenceRequest, 'absenceStart' | 'absenceEnd'>): string {
  const start = request.absenceStart.slice(0, 19);
  const end = request.absenceEnd.slice(0, 19);
  const lastDay = allDayLastDay(start, end);
  const from = splitLocalDateTime(start);
  const to = splitLocalDateTime(end);
  if (lastDay !== undefined) return lastDay === from.date ? displayDate(from.date) : `${displayDate(from.date)} to ${displayDate(lastDay)}`;
  const fromTime = from.time.slice(0, 5);
  const toTime = to.time.slice(0, 5);
  if (from.date === to.date) return `${displayDate(from.date)}, ${fromTime} to ${toTime}`;
  return `${displayDate(from.date)} ${fromTime} to ${displayDate(to.date)} ${toTime}`;
}

const list = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/** The warning's sentence, or undefined when the range overlaps no open request. */
export function overlapWarningText(overlaps: readonly OpenOverlap[], mode: 'create' | 'edit'): string | undefined {
  if (overlaps.length === 0) return undefined;
  // Only a new request for exactly an open one's span is refused (409); an edit is not.
  const exact = mode === 'create' ? overlaps.find((overlap) => overlap.isExact) : undefined;
  if (exact) {
    return `You already have an open absence request for exactly this time (${requestSpanText(exact.request)}), so this one would be refused. Edit that request instead.`;
  }
  const spans = list.format(overlaps.map((overlap) => requestSpanText(overlap.request)));
  const have = overlaps.length === 1 ? 'an open absence request' : 'open absence requests';
  const still = mode === 'create' ? 'You can still send this one.' : 'You can still save this change.';
  return `You already have ${have} for ${spans}. ${still}`;
}
