import { useSyncExternalStore } from 'react';
import { ui } from '../../../shared/constants';
import { serverTimeRoute } from '../../../shared/contract/timetable';
import { callApi } from '../../api/client';
import { computeClockOffset } from './clockOffset';

/*
 * The server-adjusted clock (SPEC §4 "Timetable countdown", GUIDE "UI"): one shared ticker that
 * runs every second while at least one component listens, plus the offset from servertime.
 */

let offsetMs = 0;
let nowMs = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
let sync: Promise<void> | undefined;
const listeners = new Set<() => void>();

function tick(): void {
  nowMs = Date.now();
  for (const listener of listeners) listener();
}

export function subscribeServerClock(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    nowMs = Date.now();
    timer = setInterval(tick, ui.clockTickMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => nowMs + offsetMs;

/** The server's time now (epoch ms), re-rendering every second. */
export function useServerNow(): number {
  return useSyncExternalStore(subscribeServerClock, snapshot, snapshot);
}

/** The server's time now, without subscribing. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/**
 * Measures the offset once per page load (again when `force`). Offline the last offset (or none)
 * stays: the countdown then runs on the device clock.
 */
export function syncServerClock(options: { readonly force?: boolean } = {}): Promise<void> {
  if (sync && !options.force) return sync;
  sync = (async () => {
    const requestStart = Date.now();
    const serverTime = await callApi(serverTimeRoute);
    offsetMs = computeClockOffset(serverTime, requestStart, Date.now());
    tick();
  })().catch(() => {
    sync = undefined; // try again next time
  });
  return sync;
}
