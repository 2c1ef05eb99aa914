import type { Page } from '@playwright/test';
import type { StaffReferralPage } from '../src/shared/contract/staffReferrals';
import { expect, test } from './fixtures';
import { AttendancePages } from './pages/AttendancePages';
import { SupportDialog } from './pages/SupportDialog';
import { SupportReferralPages } from './pages/SupportReferralPages';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 31, section 1: a student's referral reaches Student Support, who act on it; the student
// sees where it is. Its own server: it sends referrals and changes them.
useOwnServer(test);

test.describe.configure({ timeout: 120_000 });

/** The referrals the queue lists for this page's user, newest first (the API the page reads). */
async function referralsOf(page: Page, query = ''): Promise<StaffReferralPage> {
  const response = await page.request.get(`/api/staff/referrals${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StaffReferralPage;
}

async function expectUrgentHelp(support: SupportDialog): Promise<void> {
  await expect(support.urgentHelp).toBeVisible();
  for (const text of ['999', 'NHS 111', 'Samaritans', '116 123']) await expect(support.urgentHelp).toContainText(text);
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test('`student` sends a referral seeing the urgent-help text; `support` sees it counted on home and in the queue, marks it Contacted with a note; the student then sees "contacted"', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const attendance = new AttendancePages(page);
    await attendance.gotoCurrent();
    const support = new SupportDialog(page);
    await support.openDialog();
    // Before anything is sent: where to turn when help cannot wait.
    await expectUrgentHelp(support);
    await expect(support.latestStatus).toHaveCount(0);
    await expectNoAxeViolations();
    await support.details.fill('I have not been sleeping and cannot keep up with my lab reports.');
    await support.submit.click();
    await expect(support.sent).toBeVisible();
    await support.sent.getByRole('button', { name: 'Close' }).last().click();
    await expect(support.sent).toBeHidden();

    // Student Support, in another browser.
    const team = await newContext({ viewport: { width: 1280, height: 860 } });
    try {
      const supportPage = await team.newPage();
      await signInOn(supportPage, 'support');
      const referrals = new SupportReferralPages(supportPage);
      const newest = (await referralsOf(supportPage)).items[0];
      expect(newest?.studentName).toBe('Amara Okafor');
      const rowId = newest?.rowId ?? 0;
      // Told at once: a notification in their centre that names no one.
      const inbox = (await (await supportPage.request.get('/api/user/notifications')).json()) as { title: string; body: string; url: string | null }[];
      expect(inbox).toContainEqual(expect.objectContaining({ title: 'New Student Support referral', url: `/staff/referrals/${rowId}` }));
      expect(JSON.stringify(inbox)).not.toContain('Amara');

      // Home counts the new ones: this one and student2's from the seed.
      await supportPage.goto('/home');
      await expect(referrals.homeCount()).toContainText('2 new referrals');
      await expectNoAxeViolations(supportPage);

      // The menu leads to the queue, newest first, with the student's name, id, programme and notes.
      await referrals.menuEntry().click();
      await expect(referrals.heading('Student support referrals')).toBeVisible();
      const row = referrals.queueRow(rowId);
      await expect(row).toContainText('Amara Okafor');
      await expect(row).toContainText('S2400001');
      await expect(row).toContainText('Computer Science');
      await expect(row).toContainText('cannot keep up with my lab reports');
      await expect(row).toContainText('New');
      await expectNoAxeViolations(supportPage);
      await referrals.filterByStudent('Liam');
      await expect(row).toHaveCount(0);
      await referrals.filterByStudent('S2400001');
      await expect(row).toBeVisible();

      // The case: marked Contacted with a private note.
      await referrals.openLink(rowId).click();
      await expect(referrals.heading('Referral')).toBeVisible();
      await expect(referrals.status()).toHaveText('New');
      await expectNoAxeViolations(supportPage);
      await referrals.update('Contacted', 'Phoned Amara; wellbeing appointment booked for Thursday.');
      await expect(referrals.status()).toHaveText('Contacted');
      await expect(referrals.caseNotes()).toContainText('New to Contacted');
      await expect(referrals.caseNotes()).toContainText('wellbeing appointment booked');
      await expect(supportPage.getByRole('status').filter({ hasText: 'Saved: the referral is now Contacted.' })).toBeVisible();
      await expectNoAxeViolations(supportPage);
      await supportPage.goto('/home');
      await expect(referrals.homeCount()).toContainText('1 new referral');
    } finally {
      await team.close();
    }

    // The student's dialog now says so (and never shows the team's note).
    await page.reload();
    await support.openDialog();
    await expect(support.latestStatus).toContainText('contacted');
    await expect(support.latestStatus).toContainText('Your last request was sent on');
    await expect(support.dialog).not.toContainText('wellbeing appointment');
    await expectUrgentHelp(support);
    await expectNoAxeViolations();
  });

  test('the queue is refused to a student and to the school office, and has no menu entry for them', async ({ page, signInAs }) => {
    for (const persona of ['student2', 'staff'] as const) {
      await signInAs(persona);
      const referrals = new SupportReferralPages(page);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(referrals.menuEntry()).toHaveCount(0);
      expect((await page.request.get('/api/staff/referrals')).status()).toBe(403);
      await page.goto('/staff/referrals');
      await expect(page.getByRole('heading', { name: '401 - Unauthorized' })).toBeVisible();
      await page.context().clearCookies();
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('`support` works student2\u2019s referral from the bottom bar; student2 sees "contacted" with the urgent-help text; every screen axe-clean', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
    const team = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const supportPage = await team.newPage();
      await signInOn(supportPage, 'support');
      const referrals = new SupportReferralPages(supportPage);
      const seeded = (await referralsOf(supportPage, '?student=S2400002')).items[0];
      expect(seeded?.status).toBe('New');
      const rowId = seeded?.rowId ?? 0;
      await expect(referrals.homeCount()).toBeVisible();
      await expectNoAxeViolations(supportPage);
      await referrals.menuEntry().click();
      await expect(referrals.heading('Student support referrals')).toBeVisible();
      await expect(referrals.queueRow(rowId)).toContainText('Liam Chen');
      await expectNoAxeViolations(supportPage);
      await referrals.openLink(rowId).click();
      await expect(referrals.heading('Referral')).toBeVisible();
      await referrals.update('Contacted', 'Emailed Liam with drop-in times.');
      await expect(referrals.status()).toHaveText('Contacted');
      await expectNoAxeViolations(supportPage);
    } finally {
      await team.close();
    }

    await signInAs('student2');
    await new AttendancePages(page).gotoCurrent();
    const support = new SupportDialog(page);
    await support.openDialog();
    await expectUrgentHelp(support);
    await expect(support.latestStatus).toContainText('contacted');
    await expect(support.cooldownNotice).toBeVisible();
    await expectNoAxeViolations();
  });
});
