import { expect, test } from './fixtures';
import { AppShell } from './pages/AppShell';
import { ErrorPages } from './pages/ErrorPages';
import { SettingsPages } from './pages/SettingsPages';
import { useOwnServer } from './support/ownServer';
import { expectCards } from './support/phoneCards';

useOwnServer(test);

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.describe('menu by role (SPEC §2, §6)', () => {
  test('a student sees Home, Timetable, Attendance and Resources, in that order', async ({ page, signInAs }) => {
    await signInAs('student');
    const shell = new AppShell(page);
    expect(await shell.visibleMenuLabels()).toEqual(['Home', 'Timetable', 'Attendance', 'Resources']);
    await expect(shell.menuLink('Home')).toHaveAttribute('aria-current', 'page');
  });

  test('a lecturer sees no Attendance', async ({ page, signInAs }) => {
    await signInAs('lecturer');
    expect(await new AppShell(page).visibleMenuLabels()).toEqual(['Home', 'Timetable', 'Resources']);
  });

  test('an administrator sees Admin, which opens user impersonation', async ({ page, signInAs }) => {
    await signInAs('admin');
    const shell = new AppShell(page);
    // Administrators review absence requests (issue 15) and hold Student Support's queue (issue 31) too.
    expect(await shell.visibleMenuLabels()).toEqual(['Home', 'Resources', 'Admin', 'Absence reviews', 'Student support']);
    await shell.open('Admin');
    await expect(page).toHaveURL(/\/admin\/userimpersonation$/);
    await expect(shell.heading('User impersonation')).toBeVisible();
  });

  test('menu pages open with their title, and going back up the menu slides right', async ({ page, signInAs }) => {
    await signInAs('student');
    const shell = new AppShell(page);
    await shell.open('Resources');
    await expect(shell.heading('Resources')).toBeVisible();
    await expect(page).toHaveTitle('Resources | Campus Companion');
    await expect(page.locator('.page-transition')).toHaveClass(/page-transition--left/);
    await shell.open('Attendance');
    await expect(page).toHaveURL(/\/attendance\/current$/);
    await expect(page.locator('.page-transition')).toHaveClass(/page-transition--right/);
    await expect(page).toHaveTitle('Attendance this year | Campus Companion');
  });
});

test.describe('route guards (SPEC §4)', () => {
  test('staff opening the timetable land on 401 - Unauthorized', async ({ page, signInAs }) => {
    await signInAs('staff');
    await page.goto('/timetable');
    await new ErrorPages(page).expectUnauthorized();
  });

  test('an unknown path shows 404 - Not Found', async ({ page }) => {
    await page.goto('/nowhere');
    await new ErrorPages(page).expectNotFound();
  });

  test('document titles follow the page, and the map page is titled by its room', async ({ page, signInAs }) => {
    await signInAs('student');
    await expect(page).toHaveTitle('Home | Campus Companion');
    await page.goto('/timetable');
    await expect(page).toHaveTitle('Timetable | Campus Companion');
    await page.goto('/timetable/map/B.2.14');
    await expect(page).toHaveTitle('B.2.14 | Campus Companion');
    await expect(new AppShell(page).heading('B.2.14')).toBeVisible();
    await page.goto('/user/settings/privacy');
    await expect(page).toHaveTitle('Privacy | Campus Companion');
  });
});

test.describe('on a phone', () => {
  test.use(phone);

  test('the bottom bar shows the menu with Settings, which lists the sections', async ({ page, signInAs }) => {
    await signInAs('student');
    const shell = new AppShell(page);
    expect(await shell.visibleMenuLabels()).toEqual(['Home', 'Timetable', 'Attendance', 'Resources', 'Settings']);
    await shell.expectBottomBar();

    await shell.open('Settings');
    const settings = new SettingsPages(page);
    await settings.expectSection('Settings', /\/user\/settings$/);
    await settings.sectionList.getByRole('link', { name: /^About/ }).click();
    await settings.expectSection('About', /\/user\/settings\/about$/);
    await expect(page.getByRole('main').getByText('0.1.0')).toBeVisible();
  });

  test('the privacy page lists each cookie as a card, with why and how long it is kept labelled, and is axe-clean', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const settings = new SettingsPages(page);
    await settings.goto('privacy');
    await settings.expectSection('Privacy', /privacy$/);
    const cookies = page.getByRole('main').getByRole('table', { name: 'Cookies the app uses' });
    await expectCards(cookies, ['Why', 'How long']);
    await expect(cookies.getByRole('rowheader', { name: 'XSRF-TOKEN' })).toBeVisible();
    await expectNoAxeViolations();
  });

  test('the home page has no axe violations', async ({ page, signInAs, homePage, expectNoAxeViolations }) => {
    await signInAs('student');
    await homePage.expectGreeting('Amara');
    await expect(new AppShell(page).menu).toBeVisible();
    await expectNoAxeViolations();
  });
});

test.describe('settings on a wide screen', () => {
  test('/user/settings opens the notification settings', async ({ page, signInAs }) => {
    await signInAs('lecturer');
    const settings = new SettingsPages(page);
    await settings.goto();
    await settings.expectSection('Notification settings', /\/user\/settings\/notifications$/);
  });
});

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('landing', async ({ landingPage, expectNoAxeViolations }) => {
    await landingPage.goto();
    await expectNoAxeViolations();
  });

  test('home', async ({ homePage, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    await homePage.expectGreeting('Amara');
    await expectNoAxeViolations();
  });

  test('settings: appearance, about and privacy', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const settings = new SettingsPages(page);
    await settings.goto('appearance');
    await settings.expectSection('Appearance', /appearance$/);
    await expectNoAxeViolations();
    await settings.goto('about');
    await settings.expectSection('About', /about$/);
    await expectNoAxeViolations();
    await settings.goto('privacy');
    await settings.expectSection('Privacy', /privacy$/);
    await expect(page.getByRole('main').getByRole('table', { name: 'Cookies the app uses' })).toBeVisible();
    await expectNoAxeViolations();
  });

  test('404 and 401', async ({ page, signInAs, expectNoAxeViolations }) => {
    await page.goto('/nowhere');
    await new ErrorPages(page).expectNotFound();
    await expectNoAxeViolations();
    await signInAs('lecturer');
    await page.goto('/attendance');
    await new ErrorPages(page).expectUnauthorized();
    await expectNoAxeViolations();
  });
});
