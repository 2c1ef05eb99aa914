import { addLocalDays, displayDate } from '../rules/absences/dates';

/**
 * An absence's span as people read it (issue 31), from the London wall clock its ISO values carry
 * (their first 19 characters), so client and server say the same:
 *
 *   all day, one day       'Mon 30/11/2026, all day'
 *   all day, several days  'Mon 30/11/2026 to Wed 02/12/2026, all day'
 *   within one day         'Mon 30/11/2026, 09:00 to 17:00'
 *   across days            'Mon 30/11/2026 09:00 to Tue 01/12/2026 12:00'
 *
 * An all-day absence ends at midnight after its last day; that midnight is never shown.
 */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Mon 30/11/2026' of a 'YYYY-MM-DD' date. */
export function weekdayDate(date: string): string {
  const [y = 0, m = 1, d = 1] = date.slice(0, 10).split('-').map(Number);
  return `${weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? ''} ${displayDate(date)}`;
}

export function absenceSpanLabel(start: string, end: string): string {
  const [startDate = '', startTime = ''] = start.slice(0, 19).split('T');
  const [endDate = '', endTime = ''] = end.slice(0, 19).split('T');
  const isMidnight = (time: string) => time.startsWith('00:00') && !/[1-9]/.test(time.slice(3));
  if (isMidnight(startTime) && isMidnight(endTime) && endDate > startDate) {
    const lastDay = addLocalDays(endDate, -1);
    return lastDay === startDate ? `${weekdayDate(startDate)}, all day` : `${weekdayDate(startDate)} to ${weekdayDate(lastDay)}, all day`;
  }
  const from = startTime.slice(0, 5);
  const to = endTime.slice(0, 5);
  if (startDate === endDate) return `${weekdayDate(startDate)}, ${from} to ${to}`;
  return `${weekdayDate(startDate)} ${from} to ${weekdayDate(endDate)} ${to}`;
}
