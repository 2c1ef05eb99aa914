import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AbsenceConfig, AbsenceRequest } from '../src/shared/contract/absences';
import { chromiumFlags, chromiumPath } from '../bench/support/chromium';
import { expect, test } from './fixtures';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { AttendancePages } from './pages/AttendancePages';
import { LandingPage } from './pages/LandingPage';
import { PersonaPicker } from './pages/PersonaPicker';
import { addDays, closeSuccess, getJson, londonToday, openCreateDialog } from './support/absenceSpecs';
import { moveServerClock, runServerJob, setContextClockToServer } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { signInOn } from './support/signIn';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// A student leaves an absence request unsent (it could not be sent, so it is a draft on the
// device), closes the browser and opens it again on the same profile, online, with the server up.
// The app must then be its normal online self: no offline or server-unreachable signal, the
// services shown as working, and the draft offered again, which now sends.
// Its own server: the tests send requests as `student`, and the server is fresh, as after a deploy.
const server = useOwnServer(test);
// The demo's status checks (the app's own health) have run once, so the services show as working.
test.beforeAll(() => runServerJob(server.baseURL, 'status.checks'));

const draftText = 'Diwali with my family: I typed this before closing the browser.';

interface Screen {
  readonly name: string;
  readonly viewport: { width: number; height: number };
  readonly isMobile: boolean;
}
const desktop: Screen = { name: 'desktop', viewport: { width: 1280, height: 860 }, isMobile: false };
const phone: Screen = { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true };

/**
 * The browser on a profile folder that outlives it. `keepsSession`: it reopens the last tabs and
 * keeps session cookies (as a browser set to continue where it left off, or a phone's); otherwise
 * it forgets them, as Chromium does by default, and the student has to sign in again.
 */
async function launch(profile: string, screen: Screen, keepsSession: boolean): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumFlags, ...(keepsSession ? ['--restore-last-session'] : [])],
    baseURL: server.baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: screen.viewport,
    isMobile: screen.isMobile,
    hasTouch: screen.isMobile,
  });
  // The device's clock is the server's (e2e/support/clock.ts), as the fixtures' contexts are.
  await setContextClockToServer(context, server.baseURL);
  return context;
}

/**
 * A day from `offset` days ahead that the limits allow as an all-day absence (before the maximum's
 * day) and that none of the student's requests covers yet, so a repeated run still finds one.
 */
async function allowedDay(page: Page, offset: number): Promise<string> {
  const { request } = page;
  const config = await getJson<AbsenceConfig>(request, '/api/attendance/absences/config');
  const requests = await getJson<AbsenceRequest[]>(request, '/api/attendance/absences/requests');
  const lastAllowed = addDays(config.dateLimits.maximum.slice(0, 10), -1);
  const isTaken = (day: string) =>
    requests.some((taken) => taken.absenceStart.slice(0, 10) <= day && day <= taken.absenceEnd.slice(0, 10));
  for (let day = addDays(await londonToday(page), offset); day <= lastAllowed; day = addDays(day, 3)) {
    if (!isTaken(day)) return day;
  }
  throw new Error('no free day left within the absence limits');
}

/** Fills a one-day request; a phone has native date inputs (YYYY-MM-DD), a desktop typed DD/MM/YYYY. */
async function fillRequest(dialog: AbsenceDialog, screen: Screen, day: string): Promise<void> {
  await dialog.allDay.check();
  if (screen.isMobile) {
    await dialog.startDate.fill(day);
    await dialog.endDate.fill(day);
  } else {
    await dialog.setDate(dialog.startDate, day);
    await dialog.setDate(dialog.endDate, day);
  }
  await dialog.chooseReason('Religious observance');
  await dialog.additionalInformation.fill(draftText);
}

/** Signed in: submits a request with the device offline, so it is kept as a draft. */
async function leaveDraft(page: Page, context: BrowserContext, screen: Screen, day: string): Promise<void> {
  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  await waitForServiceWorkerControl(page);
  await expect(attendance.absencesTable()).toBeVisible();

  await context.setOffline(true);
  const dialog = await openCreateDialog(page);
  await fillRequest(dialog, screen, day);
  await dialog.submitButton().click();
  await expect(dialog.errorBox()).toContainText('has NOT been sent');
  await page.keyboard.press('Escape');
  await expect(dialog.dialog).toBeHidden();
  await expect(unsentNote(page)).toBeVisible();
}

const unsentNote = (page: Page) => page.getByRole('note').filter({ hasText: 'has not been sent yet' });
const connectivityProblem = (page: Page) => page.getByRole('banner').getByRole('status').filter({ hasText: /Offline|Server unreachable/ });

/**
 * What the student sees once the app is open again: online, the services working, the draft
 * offered and restored whole; sending it now works, and the new request comes from the server.
 */
async function expectOnlineWithDraft(page: Page, screen: Screen, day: string): Promise<void> {
  const attendance = new AttendancePages(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance this year' })).toBeVisible();
  await expect(attendance.absencesTable()).toBeVisible();
  // As the student first sees it, once the feed has answered: not a retry until a later check.
  const serviceStatus = page.getByRole('button', { name: /^Service status: (?!Checking)/ });
  await expect(serviceStatus).toBeVisible();
  expect(await serviceStatus.textContent()).toBe('Service status: Working normally');
  await expect(connectivityProblem(page)).toHaveCount(0);
  await expect(unsentNote(page)).toBeVisible();

  const dialog = await openCreateDialog(page);
  await expect(dialog.dialog.getByRole('note').filter({ hasText: 'restored from a draft' })).toBeVisible();
  await expect(dialog.additionalInformation).toHaveValue(draftText);
  await expect(dialog.startDate).toHaveValue(screen.isMobile ? day : day.split('-').reverse().join('/'));
  await dialog.submitButton().click();
  await closeSuccess(page, 'Absence Request Submitted Successfully');

  const requests = await getJson<AbsenceRequest[]>(page.context().request, '/api/attendance/absences/requests');
  const sent = requests.find((request) => request.absenceDescription === draftText && request.absenceStart.startsWith(day));
  expect(sent, 'the server holds the request the draft became').toBeDefined();
  if (sent) await expect(attendance.absenceRow(sent.rowId)).toContainText('Pending');
  await expect(unsentNote(page)).toHaveCount(0);
  await expect(connectivityProblem(page)).toHaveCount(0);
}

/**
 * On a fresh browser profile (a folder deleted afterwards): signs `student` in, leaves a draft
 * for a free day `dayOffset` days ahead, closes the browser, lets `closedMs` pass on the server's
 * clock (the reopened browser's starts there too), and opens it again
 * on the same profile for `afterRestart`, which gets the reopened browser and the draft's day.
 */
async function acrossRestart(
  screen: Screen,
  { keepsSession, dayOffset, closedMs = 0 }: { readonly keepsSession: boolean; readonly dayOffset: number; readonly closedMs?: number },
  afterRestart: (after: BrowserContext, day: string) => Promise<void>,
): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'campus-e2e-profile-'));
  try {
    const before = await launch(profile, screen, keepsSession);
    const page = before.pages()[0] ?? (await before.newPage());
    await signInOn(page, 'student');
    const day = await allowedDay(page, dayOffset);
    await leaveDraft(page, before, screen, day);
    await before.close();
    if (closedMs > 0) await moveServerClock(server.baseURL, { advanceMs: closedMs });

    const after = await launch(profile, screen, keepsSession);
    try {
      await afterRestart(after, day);
    } finally {
      await after.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

test.describe.configure({ timeout: 120_000 });

test('desktop, the browser reopens its last tab at once: the attendance page is online and the draft sends', async () => {
  await acrossRestart(desktop, { keepsSession: true, dayOffset: 16 }, async (after, day) => {
    await expect.poll(() => after.pages().some((page) => page.url().endsWith('/attendance/current'))).toBe(true);
    const restored = after.pages().find((page) => page.url().endsWith('/attendance/current'));
    if (!restored) throw new Error('the last tab was not reopened');
    await expectOnlineWithDraft(restored, desktop, day);
    await restored.screenshot({ path: test.info().outputPath('after-restart.png') });
  });
});

test('phone, reopened five minutes later in a new tab at the start page: online, and the draft sends', async () => {
  await acrossRestart(phone, { keepsSession: true, dayOffset: 18, closedMs: 5 * 60_000 }, async (after, day) => {
    const opened = await after.newPage();
    await opened.goto('/');
    await expect(opened).toHaveURL(/\/home$/);
    await expect(opened.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(connectivityProblem(opened)).toHaveCount(0);
    await opened.goto('/attendance/current');
    await expectOnlineWithDraft(opened, phone, day);
  });
});

test('desktop, the browser forgot the session: signing in again finds the app online and the draft kept', async () => {
  await acrossRestart(desktop, { keepsSession: false, dayOffset: 20 }, async (after, day) => {
    const opened = after.pages()[0] ?? (await after.newPage());
    await opened.goto('/attendance/current');
    // The session cookie went with the browser: the landing page, to come back here after sign-in.
    await expect(opened).toHaveURL(/\/landing\?returnTo=%2Fattendance%2Fcurrent$/);
    const landing = new LandingPage(opened);
    await expect(landing.heading).toBeVisible();
    await expect(connectivityProblem(opened)).toHaveCount(0);
    await landing.signIn();
    await new PersonaPicker(opened).choose('student');
    await opened.waitForURL('**/attendance/current');
    await expectOnlineWithDraft(opened, desktop, day);
  });
});
