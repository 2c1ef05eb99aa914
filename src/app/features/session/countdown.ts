/** The warning's countdown text, 'm:ss' (e.g. 4:59). */
export function formatCountdown(secondsLeft: number): string {
  const seconds = Math.max(0, Math.floor(secondsLeft));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * What the polite live region says. The text only changes at whole minutes, then at 30 and 10
 * seconds, so a screen reader announces those steps instead of every second.
 */
export function countdownAnnouncement(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'Your session has ended.';
  if (secondsLeft <= 10) return 'Your session will end in 10 seconds.';
  if (secondsLeft <= 30) return 'Your session will end in 30 seconds.';
  return `Your session will end in ${plural(Math.ceil(secondsLeft / 60), 'minute')}.`;
}
