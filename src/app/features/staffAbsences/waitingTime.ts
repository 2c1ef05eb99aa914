const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long a request has waited, in its largest whole unit: '3 days', '5 hours', '12 minutes', 'just now'. */
export function waitingFor(since: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(since));
  if (elapsed >= DAY) return plural(Math.floor(elapsed / DAY), 'day');
  if (elapsed >= HOUR) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed >= MINUTE) return plural(Math.floor(elapsed / MINUTE), 'minute');
  return 'just now';
}

/** 'DD/MM/YYYY HH:mm' of a London ISO date-time, read as the wall clock it carries. */
export function wallClockLabel(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}
