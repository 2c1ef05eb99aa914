/**
 * Calendar helpers for absence rules on local (London wall-clock) values: dates 'YYYY-MM-DD',
 * times 'HH:mm' or 'HH:mm:ss', date-times 'YYYY-MM-DDTHH:mm:ss'. Pure string and UTC arithmetic,
 * no time zone involved, so the client and the server agree.
 */

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for a real calendar date (no 30 February). */
export function isLocalDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isLocalTime(value: string): boolean {
  const match = timePattern.exec(value);
  if (!match) return false;
  const [, h = '', min = '', s = '00'] = match;
  return Number(h) < 24 && Number(min) < 60 && Number(s) < 60;
}

/** 'HH:mm' → 'HH:mm:ss'. */
export function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** 'YYYY-MM-DD' plus `days`: the one date arithmetic, also used by the server's demo calendar. */
export function addLocalDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' (or the date part of a longer ISO value) as DD/MM/YYYY. */
export function displayDate(date: string): string {
  const [y = '', m = '', d = ''] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Splits 'YYYY-MM-DDTHH:mm:ss' into its date and time. */
export function splitLocalDateTime(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T');
  return { date, time };
}
