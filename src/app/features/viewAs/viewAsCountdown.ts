/** The banner's time left, 'mm:ss' (e.g. 29:59, 04:05, 00:00); never negative. */
export function formatViewAsCountdown(secondsLeft: number): string {
  const seconds = Math.max(0, Math.floor(secondsLeft));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds from `now` until `expiresAt` (an ISO date-time), rounded up; 0 once past. */
export function secondsUntil(expiresAt: string, now: number): number {
  const left = Date.parse(expiresAt) - now;
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / 1000)) : 0;
}

/** "Viewing as {name} — read only — {mm:ss} left", word for word (issue 17). */
export function viewAsBannerText(name: string, secondsLeft: number): string {
  return `Viewing as ${name} — read only — ${formatViewAsCountdown(secondsLeft)} left`;
}
