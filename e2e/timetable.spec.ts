import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, test } from './fixtures';
import { ErrorPages } from './pages/ErrorPages';
import { TimetablePage } from './pages/TimetablePage';
import { sessionAnswerRoutes, startupAnswerRoutes } from '../src/shared/contract/pageAnswers';
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

  test("a signed-in page load asks the network for none of its start-up's answers: the page carries them", async ({ page, signInAs }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && ['fetch', 'xhr'].includes(request.resourceType())) asked.push(pathname);
    });
    await signInAs('student');
    const today = page.getByRole('region', { name: 'Today’s timetable' });
    await expect(today.getByRole('listitem').first()).toBeVisible();
    // What the page carried is gone once its start-up is done: taken, or dropped as not needed.
    await expect(page.locator('script[type="application/json"]')).toHaveCount(0);
    const carried = [...sessionAnswerRoutes, ...startupAnswerRoutes].map((route) => route.path);
    expect(asked.filter((path) => carried.includes(path))).toEqual([]);
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

/** A finger's sideways swipe across `target` (CDP touch events; the context needs `hasTouch`). */
async function swipe(page: Page, target: Locator, dx: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 120);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 8, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

// Issue 34 §1, today's classes first: on a phone the timetable opens on today, one day at a time
// under a strip of the week's days (dots on days with classes), swiped sideways, with "Today" to
// come back; classes that have ended are dimmed and a "now" line sits between today's classes.
test.describe('on a phone, the day view', () => {
  useOwnServer(test);
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('opens on today with the week’s days above, moves by tap and swipe, and "Today" comes back', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const now = await pageTime(page);
    const todayKey = londonDayKey(now);
    const { timetableEntries } = await apiTimetable(page);
    const counts = new Map<string, number>();
    for (const entry of timetableEntries) counts.set(londonDayKey(Date.parse(entry.startTime)), (counts.get(londonDayKey(Date.parse(entry.startTime))) ?? 0) + 1);

    // Today only, today pressed; each day says how many classes it has. No week grid on a phone.
    expect(await timetable.dayKeys()).toEqual([todayKey]);
    await expect(page.getByRole('group', { name: 'Timetable layout' })).toHaveCount(0);
    const strip = page.getByRole('group', { name: 'Days of the week' });
    const dayButtons = strip.getByRole('button');
    await expect(dayButtons).toHaveCount(7);
    await expect(strip.getByRole('button', { pressed: true })).toHaveAccessibleName(/, today$/);
    for (const button of await dayButtons.all()) {
      const name = (await button.textContent()) ?? '';
      const match = /^\w{3} (\d+) (\w+),/.exec(name.trim());
      expect(match, name).not.toBeNull();
      const key = londonDayKey(Date.parse(`${match?.[1]} ${match?.[2]} 2026 12:00 GMT`));
      const count = counts.get(key) ?? 0;
      await expect(button).toHaveAccessibleName(new RegExp(`, ${count === 0 ? 'no classes' : count === 1 ? '1 class' : `${count} classes`}(, today)?$`));
    }

    // The now line: after the class that is on, before the next one.
    const today = timetable.day(todayKey);
    const items = today.locator('ol.day__events > li');
    const labels = await items.evaluateAll((lis) => lis.map((li) => (li.classList.contains('now-line') ? 'now' : li.getAttribute('aria-current') ?? li.querySelector('.event__badge')?.textContent ?? 'class')));
    const at = labels.indexOf('now');
    expect(at, labels.join(' | ')).toBeGreaterThan(0);
    expect(labels[at - 1]).toBe('time');
    expect(labels[at + 1]).toBe('Next class');
    await expect(today.getByTestId('now-line')).toHaveText(/^Now \d{2}:\d{2}$/);
    await expectNoAxeViolations();
    // How it looks: the strip over today. The clock's seconds run on, so what ticks is masked.
    await expect(page.locator('.timetable__day-view')).toHaveScreenshot('phone-day-view.png', {
      animations: 'disabled',
      caret: 'hide',
      mask: [page.locator('.registration__countdown, .registration__window, .event__badge, .now-line__label')],
      maxDiffPixelRatio: 0.01,
    });

    // A tap on Thursday shows Thursday, and a reload keeps it; Today comes back.
    const thursday = dayButtons.nth(3);
    await thursday.click();
    await expect(thursday).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/[?&]day=\d{4}-\d{2}-\d{2}/);
    const thursdayKeys = await timetable.dayKeys();
    await page.reload();
    await expect(dayButtons.nth(3)).toHaveAttribute('aria-pressed', 'true');
    expect(await timetable.dayKeys()).toEqual(thursdayKeys);
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(dayButtons.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await expect(page).not.toHaveURL(/[?&]day=/);
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeDisabled();

    // A swipe to the left is the next day, to the right the day before.
    const area = page.locator('.timetable__swipe');
    await swipe(page, area, -160);
    await expect(dayButtons.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await swipe(page, area, 160);
    await expect(dayButtons.nth(0)).toHaveAttribute('aria-pressed', 'true');
    // A short sideways move is not a swipe.
    await swipe(page, area, 30);
    await expect(dayButtons.nth(0)).toHaveAttribute('aria-pressed', 'true');
    // From Monday to the right: Sunday of the week before.
    await swipe(page, area, 160);
    await expect(dayButtons.nth(6)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/\(this week\)/)).toHaveCount(0);
  });

  test('a day with no classes says so', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const strip = page.getByRole('group', { name: 'Days of the week' });
    await expect(strip.getByRole('button', { pressed: true })).toHaveAccessibleName(/, today$/);
    // Today is the seed's Monday: to the right is Sunday of the week before, which has no classes.
    await swipe(page, page.locator('.timetable__swipe'), 160);
    await expect(strip.getByRole('button', { pressed: true })).toHaveAccessibleName(/^Sun \d+ \w+, no classes$/);
    await expect(timetable.days).toHaveCount(0);
    await expect(page.locator('.timetable__empty')).toHaveText(/^No classes on Sunday \d{1,2} \w+\.$/);
    await expectNoAxeViolations();
  });

  test('last week’s classes have ended: dimmed, still readable', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const todayKey = londonDayKey(await pageTime(page));
    await expect(timetable.days).toHaveCount(1);
    await expect(timetable.days.first()).toHaveAttribute('data-day', todayKey);
    await page.getByRole('button', { name: 'Previous' }).click();
    // Another week opens on its first day with classes. Its day replaces today's: read its key only
    // once today's has gone.
    await expect(timetable.days.first()).not.toHaveAttribute('data-day', todayKey);
    const [key] = await timetable.dayKeys();
    const events = timetable.day(key ?? '').locator('li.event');
    await expect(events.first()).toBeVisible();
    await expect(events.and(page.locator('.event--ended'))).toHaveCount(await events.count());
    await expect(timetable.day(key ?? '').getByTestId('now-line')).toHaveCount(0);
    await expectNoAxeViolations();
  });
});

// Issue 34 §1: on a wide screen a week grid (days as columns, hours as rows) beside the list,
// the choice remembered on this device.
test.describe('on a wide screen, the week grid', () => {
  useOwnServer(test);
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows each class of the week once, as long as it lasts; registering stays one click away; the choice is remembered', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const layout = page.getByRole('group', { name: 'Timetable layout' });
    await expect(layout.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await layout.getByRole('button', { name: 'Week grid' }).click();
    await expect(layout.getByRole('button', { name: 'Week grid' })).toHaveAttribute('aria-pressed', 'true');

    // This week's classes, each once; Monday to Friday as columns.
    const now = await pageTime(page);
    const monday = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`) - ((new Date(now).getUTCDay() + 6) % 7) * 86_400_000;
    const { timetableEntries } = await apiTimetable(page);
    const thisWeek = timetableEntries.filter((entry) => {
      const start = Date.parse(entry.startTime);
      return start >= monday && start < monday + 7 * 86_400_000;
    });
    const blocks = page.locator('li.week-grid__event');
    await expect(blocks).toHaveCount(thisWeek.length);
    await expect(page.locator('.week-grid__day h2')).toHaveText([/^Mon \d+/, /^Tue \d+/, /^Wed \d+/, /^Thu \d+/, /^Fri \d+/]);
    // A two-hour class is twice as tall as a one-hour one.
    const heightOf = async (text: RegExp) => (await blocks.filter({ hasText: text }).first().boundingBox())?.height ?? 0;
    const twoHours = await heightOf(/^14:00–16:00/);
    const oneHour = await heightOf(/^14:00–15:00/);
    expect(oneHour).toBeGreaterThan(0);
    expect(twoHours / oneHour).toBeCloseTo(2, 1);
    // The class whose registration is open has its button above the grid.
    await expect(page.locator('.week-grid__open').getByRole('button', { name: /^Register attendance/ })).toBeVisible();
    await expect(page.locator('.week-grid__day--today').getByTestId('now-line')).toHaveCount(1);
    await expectNoAxeViolations();

    await page.reload();
    await expect(blocks).toHaveCount(thisWeek.length);
    await layout.getByRole('button', { name: 'List' }).click();
    await expect(blocks).toHaveCount(0);
    await expect(timetable.days.first()).toBeVisible();
    await page.reload();
    await expect(layout.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(blocks).toHaveCount(0);
  });

  test('in the list, the now line sits in today between classes, and last week’s classes are dimmed; in the grid too', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const todayKey = londonDayKey(await pageTime(page));
    // This week: the list shows every day with classes, today's with the now line between them.
    expect((await timetable.dayKeys()).length).toBeGreaterThan(1);
    const today = timetable.day(todayKey);
    await expect(today.getByTestId('now-line')).toHaveText(/^Now \d{2}:\d{2}$/);
    await expect(page.getByTestId('now-line')).toHaveCount(1);
    const items = await today.locator('ol.day__events > li').evaluateAll((lis) => lis.map((li) => (li.classList.contains('now-line') ? 'now' : 'class')));
    const at = items.indexOf('now');
    expect(at, items.join(' | ')).toBeGreaterThan(0);
    expect(at, items.join(' | ')).toBeLessThan(items.length - 1);
    await expectNoAxeViolations();

    // Last week: every class has ended, dimmed in the list and in the grid.
    await page.getByRole('button', { name: 'Previous week' }).click();
    // This week's list stays until last week's replaces it: count only once today (and its now
    // line) has gone.
    await expect(today).toHaveCount(0);
    await expect(page.getByTestId('now-line')).toHaveCount(0);
    const events = page.locator('section.day li.event');
    await expect(events.first()).toBeVisible();
    const count = await events.count();
    await expect(events.and(page.locator('.event--ended'))).toHaveCount(count);
    await expectNoAxeViolations();

    await page.getByRole('group', { name: 'Timetable layout' }).getByRole('button', { name: 'Week grid' }).click();
    const blocks = page.locator('li.week-grid__event');
    await expect(blocks).toHaveCount(count);
    await expect(blocks.and(page.locator('.week-grid__event--ended'))).toHaveCount(count);
    await expectNoAxeViolations();
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
