import { useSyncExternalStore } from 'react';
import { ui } from '../../../shared/constants';
import { serverTimeRoute } from '../../../shared/contract/timetable';
import { callApi } from '../../api/client';
import { createStore } from '../../state/createStore';
import { useStore } from '../../state/useStore';
import { computeClockOffset } from './clockOffset';

/*
 * The server-adjusted clock (SPEC §4 "Timetable countdown", GUIDE "UI"): one shared ticker that
 * runs every second while at least one component listens, plus the offset from servertime.
 */

let offsetMs = 0;
let sync: Promise<void> | undefined;

function tick(): void {
  clock.set(Date.now() + offsetMs);
}

/** The server-adjusted time (epoch ms) at the last tick. */
const clock = createStore(Date.now(), {
  name: 'server clock',
  whileObserved() {
    tick();
    const timer = setInterval(tick, ui.clockTickMs);
    return () => clearInterval(timer);
  },
});

export function subscribeServerClock(listener: () => void): () => void {
  return clock.subscribe(listener);
}

/** The server's time now (epoch ms), re-rendering every second. */
export function useServerNow(): number {
  return useStore(clock);
}

const noSubscription = (): (() => void) => () => {};

/**
 * The server's time for a whole list (the home widget, a week): re-renders it every second on the
 * one shared ticker while `isTicking`, and reads the time once per render otherwise (a past week).
 */
export function useServerNowWhile(isTicking: boolean): number {
  const ticking = useSyncExternalStore(isTicking ? clock.subscribe : noSubscription, clock.get, clock.get);
  return isTicking ? ticking : serverNow();
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
