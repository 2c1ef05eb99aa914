/*
 * The countdown to a registration window's opening (SPEC §4 "Timetable countdown"). Where a class
 * stands (the window, registered or not) is `classState` in classState.ts.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** '01:02:03', or '2d 01:02:03' from a day on; seconds round up so 0 shows only when open. */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
