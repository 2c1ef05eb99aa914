import { attendanceRegistration } from '../../../shared/constants';
import type { TimetableEvent } from './timetableDays';

/*
 * Issue 20, item 3: what a class card says about the class right now, from its times, the
 * registration window (SPEC §4: it opens `registrationStart`, 10 minutes before the start, and is
 * refused from 20 minutes after the start) and the student's registration. One pure function, so
 * the home widget and the timetable's week view cannot disagree.
 */

/** Where the class itself stands. `inProgress` runs from the start up to, not including, the end. */
export type ClassProgress =
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'upcoming' }
  | { readonly kind: 'inProgress'; readonly msLeft: number }
  | { readonly kind: 'ended' };

/**
 * Where the student's attendance registration stands:
 * - `none`: nothing to register (not monitored, cancelled, or a lecturer's view);
 * - `opensIn`: the window opens in `msLeft`;
 * - `closesIn`: the window is open and closes in `msLeft` (the student has not registered);
 * - `closedNotRegistered`: the window closed without a registration;
 * - `registered`: registered, at `atMs` when the server says when.
 */
export type ClassRegistration =
  | { readonly kind: 'none' }
  | { readonly kind: 'opensIn'; readonly msLeft: number }
  | { readonly kind: 'closesIn'; readonly msLeft: number }
  | { readonly kind: 'closedNotRegistered' }
  | { readonly kind: 'registered'; readonly atMs: number | undefined };

export interface ClassState {
  readonly progress: ClassProgress;
  readonly registration: ClassRegistration;
}

const minuteMs = 60_000;

/** When registration stops being accepted: class start plus the SPEC §4 allowance. */
export const registrationClosesAt = (event: Pick<TimetableEvent, 'startMs'>): number =>
  event.startMs + attendanceRegistration.closesMinutesAfterStart * minuteMs;

function progressOf(event: TimetableEvent, nowMs: number): ClassProgress {
  if (event.isCancelled) return { kind: 'cancelled' };
  if (nowMs < event.startMs) return { kind: 'upcoming' };
  if (nowMs < event.endMs) return { kind: 'inProgress', msLeft: event.endMs - nowMs };
  return { kind: 'ended' };
}

function registrationOf(event: TimetableEvent, nowMs: number): ClassRegistration {
  const data = event.attendanceDataStudent;
  if (!data || !data.isAttendanceMonitored || event.isCancelled) return { kind: 'none' };
  if (data.isRegistered) {
    const atMs = data.registeredAt === undefined ? Number.NaN : Date.parse(data.registeredAt);
    return { kind: 'registered', atMs: Number.isNaN(atMs) ? undefined : atMs };
  }
  const opensMs = Date.parse(data.registrationStart);
  const closesMs = registrationClosesAt(event);
  if (nowMs >= closesMs) return { kind: 'closedNotRegistered' };
  if (nowMs >= opensMs) return { kind: 'closesIn', msLeft: closesMs - nowMs };
  return { kind: 'opensIn', msLeft: opensMs - nowMs };
}

/** The state of one class at `nowMs` (the server-adjusted clock). */
export function classState(event: TimetableEvent, nowMs: number): ClassState {
  return { progress: progressOf(event, nowMs), registration: registrationOf(event, nowMs) };
}

/** Whether the card changes with the clock: the class is still to come or on, or a window counts down. */
export function isTicking(state: ClassState): boolean {
  const { progress, registration } = state;
  return progress.kind === 'upcoming' || progress.kind === 'inProgress' ||
    registration.kind === 'opensIn' || registration.kind === 'closesIn';
}

/** 'In progress — 25 min left'; from an hour on, '1 h 5 min left'. Minutes round up. */
export function inProgressLabel(msLeft: number): string {
  const minutes = Math.max(1, Math.ceil(msLeft / minuteMs));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const left = hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  return `In progress — ${left} left`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'mm:ss' of the time left in the registration window; seconds round up, so 00:00 never shows while open. */
export function formatWindowCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** The same time for screen readers, in whole minutes so it changes at most once a minute. */
export function windowMinutesLeft(msLeft: number): string {
  const minutes = Math.max(1, Math.ceil(msLeft / minuteMs));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
