import { londonInstant } from '../../calendar/academicCalendar.js';

const withZone = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * A move's new start as an instant: a time with `Z` or an offset is that instant; a local one
 * (`YYYY-MM-DDTHH:mm[:ss]`, what a lecturer types) is the university's wall clock (TIME_ZONE).
 * Seconds and fractions of a local time are dropped: classes start on the minute.
 */
export function parseNewStart(value: string): Date {
  if (withZone.test(value)) return new Date(value);
  const [date = '', time = ''] = value.split('T');
  return londonInstant(date, time.slice(0, 5));
}
