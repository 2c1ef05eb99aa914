import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, test } from './fixtures';
import { ErrorPages } from './pages/ErrorPages';
import { TimetablePage } from './pages/TimetablePage';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface ApiTimetable {
  timetableEntries: { startTime: string; moduleCode: string; isCancelled: boolean; attendanceDataStudent?: unknown }[];
}

/** 'DD-MM-YYYY' in London (the zone the browser runs in, playwright.config.ts) at `ms`. */
function londonDayKey(ms: number): string {
  const date = new Date(ms);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

/** When the next class starts: the first not cancelled that has not started yet. */
async function nextClassStart(page: Page): Promise<number> {
  const response = await page.request.get('/api/timetable');
  expect(response.status()).toBe(200);
  const { timetableEntries } = (await response.json()) as ApiTimetable;
  const now = await pageTime(page);
  const starts = timetableEntries.filter((entry) => !entry.isCancelled).map((entry) => Date.parse(entry.startTime)).filter((start) => start > now);
  expect(starts.length).toBeGreaterThan(0);
  return Math.min(...starts);
}

async function apiTimetable(page: Page): Promise<ApiTimetable> {
  const response = await page.request.get('/api/timetable');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiTimetable;
}

test.describe('on the demo server', () => {
  useOwnServer(test);
  test('a lecturer sees their teaching', async ({ page, signInAs }) => {
    await signInAs('lecturer');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const api = await apiTimetable(page);
    expect(api.timetableEntries.length).toBeGreaterThan(0);
    expect(api.timetableEntries.some((entry) => entry.attendanceDataStudent !== undefined)).toBe(false);
    await expect(timetable.day(londonDayKey(await pageTime(page)))).toBeVisible();
    await expect(timetable.countdowns).toHaveCount(0);
  });

  test('other staff get 401 - Unauthorized', async ({ page, signInAs }) => {
    await signInAs('staff');
    await page.goto('/timetable');
    await new ErrorPages(page).expectUnauthorized();
  });

  test('the map of a room on the student’s timetable renders with no network beyond the server', async ({ page, signInAs, baseURL, expectNoAxeViolations }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL ?? '') && !/^(data|blob):/.test(url)) foreign.push(url);
    });
    await signInAs('student');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const link = timetable.roomLinks().first();
    const href = (await link.getAttribute('href')) ?? '';
    const roomId = decodeURIComponent(href.split('/').at(-1) ?? '');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: roomId })).toBeVisible();
    await expect(page).toHaveTitle(`${roomId} | Campus Companion`);
    await expect(page.getByText('Building', { exact: true })).toBeVisible();
    await expect(page.locator('.campus-map__canvas[data-state="ready"] canvas')).toBeVisible();
    await expectNoAxeViolations();
    expect(foreign).toEqual([]);
  });

  test('iCal: subscribe, the feed is public and complete, and removing it ends it', async ({ page, signInAs }) => {
    await signInAs('student');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(timetable.feedUrl).toBeVisible();
    const feedUrl = await timetable.feedUrl.inputValue();

    const anonymous: APIRequestContext = await playwrightRequest.newContext();
    try {
      const feed = await anonymous.get(feedUrl);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toContain('text/calendar');
      const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
      const events = calendar.getAllSubcomponents('vevent');
      expect(events.length).toBeGreaterThan(0);
      expect(events.length).toBe((await apiTimetable(page)).timetableEntries.length);

      await page.getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByText('Your iCal subscription has been removed.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
      expect((await anonymous.get(feedUrl)).status()).toBe(404);
    } finally {
      await anonymous.dispose();
    }
  });
});

test.describe('a student on a server of their own', () => {
  // Fresh seed at start: a monitored class ~90 min away and one whose window is open.
  const server = useOwnServer(test);
  test.describe.configure({ mode: 'serial' });

  test('this week by day, a ticking countdown, registering, and the same week offline', async ({ page, signInAs, expectNoAxeViolations }) => {
    test.setTimeout(90_000);
    await signInAs('student');
    const timetable = new TimetablePage(page);
    await timetable.goto();

    const todayKey = londonDayKey(await pageTime(page));
    const keys = await timetable.dayKeys();
    expect(keys).toContain(todayKey);
    expect(keys.every((key) => /^\d{2}-\d{2}-\d{4}$/.test(key))).toBe(true);
    expect([...keys].sort((a, b) => a.split('-').reverse().join().localeCompare(b.split('-').reverse().join()))).toEqual(keys);
    await expect(timetable.day(todayKey).getByText('Today', { exact: true })).toBeVisible();

    // The next class is the seed's lecture at 10:25 (or one before it): today, in this week.
    const nextKey = londonDayKey(await nextClassStart(page));
    expect(keys).toContain(nextKey);
    await expect(timetable.day(nextKey).getByText('Next class', { exact: true })).toBeVisible();

    // The countdown of the class in ~90 minutes ticks down.
    const countdown = timetable.countdowns.first();
    await expect(countdown).toHaveText(/^\d{2}:\d{2}:\d{2}$|^\d+d /);
    const toSeconds = (text: string) => text.split(' ').at(-1)!.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    const before = toSeconds(await countdown.innerText());
    await expect.poll(async () => toSeconds(await countdown.innerText()), { timeout: 5000 }).toBeLessThan(before);

    await expectNoAxeViolations();

    // The class that started a few minutes ago: its window is open; loopback counts as campus in demo mode.
    await timetable.registerButtons.first().click();
    await expect(page.getByText('Your attendance has been registered.')).toBeVisible();
    await expect(timetable.day(todayKey).getByText(/^Registered at \d{2}:\d{2}$/).first()).toBeVisible();

    await waitForServiceWorkerControl(page);
    const eventCount = await timetable.events.count();
    await server.stop();
    try {
      await page.reload();
      await expect(timetable.heading).toBeVisible();
      await expect(timetable.day(todayKey)).toBeVisible();
      await expect(timetable.events).toHaveCount(eventCount);
      await expect(timetable.updatedAt).toBeVisible();
    } finally {
      await server.start();
    }
  });
});
