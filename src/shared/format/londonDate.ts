/**
 * Dates as people in the university read them: on the London wall clock (Europe/London, the zone
 * every ISO value of the app carries), whatever the device's own zone is.
 */
import { wallClockIn } from './wallClock';

/** The London wall clock at an instant (epoch ms): 'YYYY-MM-DD' and 'HH:mm:ss'. */
export function londonDateTime(epochMs: number): { readonly date: string; readonly time: string } {
  const { date, time } = wallClockIn('Europe/London', epochMs);
  return { date, time };
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * A 'YYYY-MM-DD' date as '14 December'; with its year ('3 January 2027') when that is not the year
 * of `today` (also 'YYYY-MM-DD').
 */
export function dayMonthLabel(date: string, today: string): string {
  const [year = '', month = '', day = ''] = date.slice(0, 10).split('-');
  const label = `${Number(day)} ${monthNames[Number(month) - 1] ?? ''}`;
  return year === today.slice(0, 4) ? label : `${label} ${year}`;
}
