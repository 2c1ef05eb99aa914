import { expect, test } from './fixtures';
import { PersonaPicker } from './pages/PersonaPicker';
import { answerFirstRunBanners } from './support/firstRun';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

/**
 * Issue 20, item 2: a signed-out visitor who opens a deep link signs in and lands on it, query
 * string included; a returnTo that leaves the site ends on /home.
 */

const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

/** The Monday of the week of `ms` (the page's time), 'YYYY-MM-DD' in London: a week the timetable has. */
function mondayOf(ms: number): string {
  const today = new Date(new Date(ms).toLocaleString('en-US', { timeZone: 'Europe/London' }));
  today.setDate(today.getDate() - ((today.getDay() + 6) % 7));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

for (const { name, ...device } of viewports) {
  test.describe(`on a ${name}`, () => {
    test.use(device);

    test('a deep link survives the landing page and the persona picker', async ({ page, landingPage, expectNoAxeViolations }) => {
      await page.goto('/attendance/previous');
      await expect(page).toHaveURL(/\/landing\?returnTo=%2Fattendance%2Fprevious$/);
      await expect(landingPage.heading).toBeVisible();
      await expectNoAxeViolations();
      await answerFirstRunBanners(page, 'student');

      await landingPage.signIn();
      await new PersonaPicker(page).choose('student');

      await page.waitForURL((url) => url.pathname === '/attendance/previous');
      await expect(page.getByRole('heading', { level: 1, name: 'Attendance in previous years' })).toBeVisible();
    });

    test('the query string comes along', async ({ page, landingPage }) => {
      const monday = mondayOf(await pageTime(page));
      await page.goto(`/timetable?week=${monday}`);
      await expect(landingPage.heading).toBeVisible();
      await answerFirstRunBanners(page, 'student');

      await landingPage.signIn();
      await new PersonaPicker(page).choose('student');

      await page.waitForURL((url) => url.pathname === '/timetable');
      expect(new URL(page.url()).search).toBe(`?week=${monday}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible();
    });

    for (const hostile of ['//evil.example', 'https://evil.example/attendance/previous', '/\\evil.example']) {
      test(`a returnTo of ${hostile} ends on /home`, async ({ page, landingPage, homePage, baseURL }) => {
        await page.goto(`/landing?returnTo=${encodeURIComponent(hostile)}`);
        await expect(landingPage.heading).toBeVisible();
        await expect(landingPage.signInLink).toHaveAttribute('href', '/api/user/signin');
        await answerFirstRunBanners(page, 'student');

        await landingPage.signIn();
        await new PersonaPicker(page).choose('student');

        await page.waitForURL((url) => url.pathname === '/home');
        expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
        await homePage.expectGreeting('Amara');
      });
    }
  });
}
