import { expect, test } from './fixtures';
import { ProfilePage } from './pages/ProfilePage';
import { servePagesWithoutAnswers } from './support/pageAnswers';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

useOwnServer(test);

// Issue 19: the profile page explains enrolment in plain words and shows the personal tutor.

const phone = { width: 390, height: 844 };

test('a fully enrolled student reaches the profile from the avatar and sees enrolment and tutor', async ({ page, signInAs, expectNoAxeViolations }) => {
  await signInAs('student');
  const profile = new ProfilePage(page);
  await profile.avatarLink.click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(profile.heading).toBeVisible();

  await expect(profile.fact(profile.enrolment, 'Student ID')).toHaveText('S2400001');
  await expect(profile.fact(profile.enrolment, 'Programme')).toHaveText('BSc (Hons) Computer Science');
  await expect(profile.fact(profile.enrolment, 'School')).toHaveText('School of Engineering and Computing');
  await expect(profile.fact(profile.enrolment, 'Study level')).toHaveText('Undergraduate Year 2');
  await expect(profile.fact(profile.enrolment, 'Registration status')).toHaveText('Registered-Enrolled');
  await expect(profile.enrolment.getByText('You are fully enrolled.')).toBeVisible();

  await expect(profile.fact(profile.tutor, 'Name')).toHaveText('Dr Helen Marsh');
  await expect(profile.fact(profile.tutor, 'Office')).toHaveText('Engineering Building, room 2.14');
  await expect(profile.tutor.getByRole('link', { name: 'Email Dr Helen Marsh' })).toHaveAttribute('href', 'mailto:lecturer@campus.example.ac.uk');
  await expect(profile.role).toHaveCount(0);
  await expectNoAxeViolations();
});

test('a student who is not fully enrolled is told what is wrong and whom to contact', async ({ page, signInAs, expectNoAxeViolations }) => {
  await signInAs('student.unenrolled');
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.fact(profile.enrolment, 'Registration status')).toHaveText('Registered-NotEnrolled');
  await expect(profile.enrolment.getByText('You are not fully enrolled.')).toBeVisible();
  await expect(profile.enrolment.getByText(/cannot create or change absence requests/)).toBeVisible();
  await expect(profile.enrolment.getByRole('link', { name: 'registry@campus.example.ac.uk' })).toHaveAttribute('href', 'mailto:registry@campus.example.ac.uk');
  await expect(profile.fact(profile.tutor, 'Name')).toHaveText('Dr Ruth Ellis');
  await expectNoAxeViolations();
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: phone });

  test('a student with no registration status is told it is unknown', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student.unknown');
    const profile = new ProfilePage(page);
    await profile.avatarLink.click();
    await expect(profile.heading).toBeVisible();
    await expect(profile.fact(profile.enrolment, 'Registration status')).toHaveText('Unknown');
    await expect(profile.enrolment.getByText('We are unable to determine your enrolment status.')).toBeVisible();
    await expect(profile.enrolment.getByRole('link', { name: 'registry@campus.example.ac.uk' })).toBeVisible();
    await expect(profile.fact(profile.tutor, 'Name')).toHaveText('Prof. Grace Liu');
    await expectNoAxeViolations();
  });

  test('a fully enrolled student sees the same on a phone', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const profile = new ProfilePage(page);
    await profile.goto();
    await expect(profile.enrolment.getByText('You are fully enrolled.')).toBeVisible();
    await expect(profile.fact(profile.tutor, 'Name')).toHaveText('Dr Helen Marsh');
    await expectNoAxeViolations();
  });
});

test('staff see their job family and roles, and no enrolment', async ({ page, signInAs, expectNoAxeViolations }) => {
  await signInAs('lecturer');
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.fact(profile.role, 'Job family')).toHaveText('Academic');
  await expect(profile.fact(profile.role, 'Roles')).toHaveText('Teaching staff');
  await expect(profile.enrolment).toHaveCount(0);
  await expect(profile.tutor).toHaveCount(0);
  await expectNoAxeViolations();
});

test("'Fetching your enrolment status...' shows while the profile loads", async ({ page, context }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A page that does not carry the profile (the service worker's shell, on a later visit): it loads
  // from the network. On the context: once the service worker controls the page, the app's requests go through it.
  await servePagesWithoutAnswers(context);
  await context.route('**/api/user/profile', async (route) => {
    await held;
    await route.continue();
  });
  // Signing in ends once /home has loaded (not waiting for the profile); it is still held back then.
  await signInOn(page, 'student', { waitForStartup: false });
  await expect(page.getByText('Fetching your enrolment status...')).toBeVisible();
  release();
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.enrolment.getByText('You are fully enrolled.')).toBeVisible();
  await expect(page.getByText('Fetching your enrolment status...')).toHaveCount(0);
});

test('the profile opens offline from this device, with when it was last updated', async ({ page, context, signInAs }) => {
  await signInAs('student');
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.fact(profile.tutor, 'Name')).toHaveText('Dr Helen Marsh');
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(profile.heading).toBeVisible();
  await expect(profile.enrolment.getByText('You are fully enrolled.')).toBeVisible();
  await expect(profile.fact(profile.tutor, 'Name')).toHaveText('Dr Helen Marsh');
  await expect(page.getByRole('main').getByText(/^Updated \d{2}:\d{2}$/).first()).toBeVisible();
  await context.setOffline(false);
});
