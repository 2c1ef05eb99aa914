import { attendanceRegistration } from '../../../shared/constants';
import type { TimetableEvent } from './timetableDays';

/**
 * Where a student's monitored event stands for attendance registration (SPEC §4):
 * - `countdown`: registration opens in `msLeft`;
 * - `open`: the window is open (registrationStart until 20 min after the start);
 * - `registered`: already registered;
 * - `closed`: the window has passed;
 * - `none`: nothing to register (not monitored, cancelled, or a lecturer's view).
 */
export type RegistrationPhase =
  | { readonly kind: 'none' }
  | { readonly kind: 'registered' }
  | { readonly kind: 'countdown'; readonly msLeft: number }
  | { readonly kind: 'open' }
  | { readonly kind: 'closed' };

const minuteMs = 60_000;

export function registrationPhase(event: TimetableEvent, nowMs: number): RegistrationPhase {
  const data = event.attendanceDataStudent;
  if (!data || !data.isAttendanceMonitored || event.isCancelled) return { kind: 'none' };
  if (data.isRegistered) return { kind: 'registered' };
  const opensMs = Date.parse(data.registrationStart);
  const closesMs = event.startMs + attendanceRegistration.closesMinutesAfterStart * minuteMs;
  if (nowMs >= closesMs) return { kind: 'closed' };
  if (nowMs >= opensMs) return { kind: 'open' };
  return { kind: 'countdown', msLeft: opensMs - nowMs };
}

/** Whether the event needs the ticking clock at all (so past weeks subscribe to nothing). */
export function isAwaitingRegistration(event: TimetableEvent, nowMs: number): boolean {
  const kind = registrationPhase(event, nowMs).kind;
  return kind === 'countdown' || kind === 'open';
}

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
