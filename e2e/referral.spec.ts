import { latestReferralRoute } from '../src/shared/contract/referrals';
import { expect, test } from './fixtures';
import { AttendancePages } from './pages/AttendancePages';
import { SupportDialog } from './pages/SupportDialog';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

test.describe('Request Support (self-referral)', () => {
  test('a student sends a referral, sees the success dialog, and is then asked to wait', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    await new AttendancePages(page).gotoCurrent();
    const support = new SupportDialog(page);
    await support.openDialog();
    await expect(support.details).toBeFocused();
    await expect(support.cooldownNotice).toHaveCount(0);
    await expectNoAxeViolations();

    // Only spaces: trimmed to nothing, so the field is refused and focused.
    await support.details.fill('   ');
    await support.submit.click();
    await expect(support.dialog.getByText('Text is required')).toBeVisible();
    await expect(support.details).toHaveAttribute('aria-invalid', 'true');
    await expect(support.details).toBeFocused();

    await support.details.fill('  I have fallen behind after being ill and would like to talk to someone.  ');
    await support.submit.click();
    await expect(support.sent).toBeVisible();
    await expect(support.sent).toContainText('will be in touch with you via your University email');
    await expect(support.dialog).toBeHidden();
    await expectNoAxeViolations();
    await support.sent.getByRole('button', { name: 'Close' }).last().click();
    await expect(support.sent).toBeHidden();

    const latest = await page.request.get(latestReferralRoute.path);
    expect(await latest.json()).toMatchObject({ isWithin30Days: true, status: 'New' });

    // A second request inside 30 days is blocked, with the SPEC warning.
    await support.openDialog();
    await expect(support.cooldownNotice).toBeVisible();
    await expect(support.submit).toBeDisabled();
    await expect(support.details).toBeDisabled();
    await expect(support.dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(support.dialog).toBeHidden();
  });

  test('a student referred 6 days ago sees the cooldown warning at once', async ({ page, signInAs }) => {
    await signInAs('student2');
    await new AttendancePages(page).gotoCurrent();
    const support = new SupportDialog(page);
    await support.openDialog();
    await expect(support.cooldownNotice).toBeVisible();
    await expect(support.submit).toBeDisabled();
    // Said once, in the dialog: no toast repeats it over the form (issue 20).
    await expect(page.locator('section.toaster')).not.toContainText('Please wait before submitting another.');
  });
});
