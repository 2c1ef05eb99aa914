import type { BrowserContext, Page } from '@playwright/test';

/**
 * The instant every e2e server's clock starts at (CLOCK_START), and the instant the template
 * database's demo university was seeded at (e2e/globalSetup.ts): Monday of week 2 of the autumn
 * term, 08:55 in London. The seed is relative to it, so every spec sees the same university at the
 * same time of day, whatever the machine's clock says (ARCHITECTURE.md, "Time").
 */
export const E2E_CLOCK_START = '2026-10-05T08:55:00+01:00';

/** Where the test-only control routes are (src/server/http/testControl.ts). */
const controlPath = '/api/test';

interface ClockAnswer {
  readonly now: string;
}

async function answerOf(response: Response, what: string): Promise<ClockAnswer> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ClockAnswer;
}

/** The server's time now (epoch ms), read from its clock. */
export async function serverTimeAt(baseURL: string): Promise<number> {
  const { now } = await answerOf(await fetch(`${baseURL}${controlPath}/clock`), 'the server clock');
  return Date.parse(now);
}

/** Moves the server's clock forward: to an instant, or by some milliseconds. Returns its new time. */
export async function moveServerClock(baseURL: string, move: { readonly to: number } | { readonly advanceMs: number }): Promise<number> {
  const body = 'to' in move ? { to: new Date(move.to).toISOString() } : move;
  const response = await fetch(`${baseURL}${controlPath}/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return Date.parse((await answerOf(response, 'moving the server clock')).now);
}

/** Runs one of the server's scheduled or interval jobs now, on its clock (jobs run on no timer in e2e). */
export async function runServerJob(baseURL: string, name: string): Promise<void> {
  const response = await fetch(`${baseURL}${controlPath}/jobs/${encodeURIComponent(name)}/run`, { method: 'POST' });
  if (!response.ok) throw new Error(`running the ${name} job answered ${response.status}: ${await response.text()}`);
}

/** Puts a browser context's clock on the server's time (and keeps it running, like a real device). */
export async function setContextClockToServer(context: BrowserContext, baseURL: string): Promise<void> {
  await context.clock.install({ time: await serverTimeAt(baseURL) });
}

/**
 * The clock of the test: the browser's and the server's, moved together. Both run at normal speed
 * from the same instant, so a page and the server always agree on what time it is.
 */
export interface TestClock {
  /** The server's time now (epoch ms); the page's is the same. */
  now(): Promise<number>;
  /** Moves the server and every page of the test's context to `at` (forward only). */
  setTo(at: number): Promise<void>;
  /** Moves both forward by `ms`, firing the page's timers that fall due on the way. */
  advance(ms: number): Promise<void>;
}

export function testClock(baseURL: string, context: BrowserContext): TestClock {
  return {
    now: () => serverTimeAt(baseURL),
    async setTo(at) {
      await moveServerClock(baseURL, { to: at });
      await context.clock.setSystemTime(at);
    },
    async advance(ms) {
      await moveServerClock(baseURL, { advanceMs: ms });
      await context.clock.fastForward(ms);
    },
  };
}

/** The page's time now (epoch ms): on an e2e page, the server's. */
export function pageTime(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * With E2E_FAKE_WALL_CLOCK (scripts/e2e-at.sh: a libfaketime offset such as `-4599758s`), the
 * environment that puts a process on that shifted wall clock: the app servers and PostgreSQL get it.
 * The test runner and Chromium keep the real one: Playwright's page clock replays its changes by
 * the runner's and the browser's wall clocks, which must agree, and Chromium hangs under
 * libfaketime. What the suite reads, it reads from the servers and pages (lint-enforced).
 */
export function fakeWallClockEnv(): Record<string, string> {
  const offset = process.env.E2E_FAKE_WALL_CLOCK;
  const library = process.env.E2E_FAKETIME_LIBRARY;
  if (!offset || !library) return {};
  return {
    LD_PRELOAD: library,
    FAKETIME: offset,
    // Timeouts and durations keep measuring real elapsed time.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    // An offset needs no time shared between processes: no shared memory and its lock.
    FAKETIME_DISABLE_SHM: '1',
  };
}
