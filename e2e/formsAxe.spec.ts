import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FeedbackPages } from './pages/FeedbackPages';
import { ReviewPages } from './pages/ReviewPages';
import { fillDateAndTime } from './support/dateTimeFields';
import { useOwnServer } from './support/ownServer';

// Issue 20: the forms that are not dialogs (e2e/dialogsAxe.spec.ts lists those) are axe-clean at
// 1280×860 and 390×844 after a submit that their rules refuse, and each refused field says so:
// aria-invalid, with the message as its accessible description.
//
// How each is reached, and what is refused:
// - Admin links (/admin/links → 'Add a link'): an http:// address.
// - Admin categories (/admin/categories → 'Add a category'): a colour that is not a hex colour.
// - Admin rules (/admin/rules → 'Add a rule') and groups (/admin/adgroups → 'Add a group'): a name
//   that is only spaces.
// - Notifications compose and schedule (/admin/notifications): scheduled for the past (with nothing
//   filled in, 'Send notification' is disabled).
// - Status maintenance (/admin/status, the Timetable form): an end in the past.
// - View-as start (/admin/userimpersonation): a user chosen, no reason.
// - Review decisions (/staff/absences → a request): 'Deny' with no message to the student.
// - Feedback (/user/settings/feedback): 'Send feedback' with no rating.
// The lecturer register's confirmation (/timetable/register/:id) takes no input, so nothing is
// refused there; its page is in the route walk (e2e/routeWalk.spec.ts).
// Every refusal here is answered before anything is stored; the own server is a guard all the same.

useOwnServer(test);

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const main = (page: Page) => page.getByRole('main');

/** The field is marked invalid, and its message is part of its accessible description. */
async function expectFieldError(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

for (const { name, viewport } of widths) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test(`${name}: the admin editors after refused saves`, async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('admin');
      const editor = main(page).getByRole('form');

      await page.goto('/admin/links');
      await main(page).getByRole('button', { name: 'Add a link' }).click();
      await editor.getByLabel('Display name').fill('Marking portal');
      await editor.getByLabel('URL').fill('http://marking.example.ac.uk/');
      await main(page).getByRole('button', { name: 'Save link' }).click();
      await expectFieldError(editor.getByLabel('URL'), /Enter a full https:\/\/ address/);
      await expectNoAxeViolations();

      await page.goto('/admin/categories');
      await main(page).getByRole('button', { name: 'Add a category' }).click();
      await editor.getByLabel('Name', { exact: true }).fill('Staff tools');
      await editor.getByLabel('Colour (hex)').fill('orange');
      await main(page).getByRole('button', { name: 'Save category' }).click();
      await expect(editor.getByLabel('Colour (hex)')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations();

      for (const [path, add, save] of [
        ['/admin/rules', 'Add a rule', 'Save rule'],
        ['/admin/adgroups', 'Add a group', 'Save group'],
      ] as const) {
        await page.goto(path);
        await main(page).getByRole('button', { name: add }).click();
        for (const field of await editor.locator('input[required]').all()) await field.fill('   ');
        await main(page).getByRole('button', { name: save }).click();
        await expect(editor.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expect(main(page).getByRole('alert')).toBeVisible();
        await expectNoAxeViolations();
      }

      await page.goto('/admin/notifications');
      const compose = page.getByRole('form', { name: 'Compose a notification' });
      // Nothing filled in, it cannot be sent at all.
      await expect(compose.getByRole('button', { name: 'Send notification' })).toBeDisabled();
      await compose.getByLabel('Title').fill('Library books due');
      await compose.getByLabel('Text', { exact: true }).fill('Your books are due back on Friday.');
      await compose.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'Students' }).check();
      await compose.getByRole('radio', { name: 'Schedule' }).check();
      // Scheduled with no day or time: said at once, nothing sent.
      await compose.getByRole('button', { name: 'Schedule notification' }).click();
      await expectFieldError(compose.getByLabel('Send at', { exact: true }), /Choose the day and the time to send it, or send it now\./);
      await fillDateAndTime(compose.getByLabel('Send on', { exact: true }), compose.getByLabel('Send at', { exact: true }), '2020-01-06', '09:00');
      await compose.getByRole('button', { name: 'Schedule notification' }).click();
      await expectFieldError(compose.getByLabel('Send at', { exact: true }), /Choose a time in the future/);
      await expectNoAxeViolations();

      await page.goto('/admin/status');
      const maintenance = page.getByRole('form', { name: 'Maintenance for Timetable' });
      await maintenance.getByLabel('Message for users').fill('Timetable upgrade this morning');
      await fillDateAndTime(maintenance.getByLabel('Until', { exact: true }), maintenance.getByLabel('Time', { exact: true }), '2020-01-06', '09:00');
      await maintenance.getByRole('button', { name: 'Set maintenance' }).click();
      await expectFieldError(maintenance.getByLabel('Until', { exact: true }), /must be in the future/);
      await expectNoAxeViolations();

      await page.goto('/admin/userimpersonation');
      await main(page).getByRole('searchbox', { name: 'Find a user' }).fill('S2400001');
      const viewed = main(page).getByRole('radio').first();
      await viewed.check();
      await main(page).getByRole('button', { name: /^Start viewing as / }).click();
      await expectFieldError(main(page).getByRole('textbox', { name: 'Reason (required)' }), /Give a reason/);
      await expectNoAxeViolations();
    });

    test(`${name}: a review decision after a refused Deny`, async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('staff');
      const review = new ReviewPages(page);
      await page.goto('/staff/absences');
      await review.queueRows().first().getByRole('link', { name: /^Open the request of/ }).click();
      await expect(review.decisionPanel()).toBeVisible();
      await review.decisionButton('Deny').click();
      await expect(review.message()).toHaveAttribute('aria-invalid', 'true');
      await expect(review.message()).toHaveAccessibleDescription(/Required to deny a request/);
      await expectNoAxeViolations();
    });

    test(`${name}: the feedback form after a send with no rating`, async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      const feedback = new FeedbackPages(page);
      await feedback.gotoForm();
      await expect(feedback.form.heading).toBeVisible();
      await feedback.form.send.click();
      await expect(main(page).getByRole('group', { name: 'How would you rate the app?' })).toHaveAccessibleDescription(/Please choose a rating/);
      await expect(feedback.rating(1)).toBeFocused();
      await expectNoAxeViolations();
    });
  });
}
