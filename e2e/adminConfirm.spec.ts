/**
 * Issue 31 §6, "Administrators: confirm what reaches everyone", end to end at desktop and phone
 * widths, axe-clean:
 * - sending a notification now asks first, with the server's recipient count (en-GB);
 * - deleting a link, rule or category asks in the app's own dialog (never `window.confirm`),
 *   naming what is lost;
 * - the audit log reads as sentences with record names, filtered by the action in words, the raw
 *   key kept beside them;
 * - Admin → Jobs shows the job queue, Admin → Feedback lists feedback and exports it as CSV.
 */
import { readFile } from 'node:fs/promises';
import type { Dialog, Download, Page } from '@playwright/test';
import type { AdminCategory, AdminLink, AudienceRule } from '../src/shared/contract/adminAudience';
import { expect, test } from './fixtures';
import { FeedbackPages } from './pages/FeedbackPages';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Its own server: it sends a notification to every student and deletes seeded records.
useOwnServer(test);
test.describe.configure({ mode: 'serial' });

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const phone = widths[1].viewport;

const main = (page: Page) => page.getByRole('main');
const enGB = (n: number) => new Intl.NumberFormat('en-GB').format(n);

/** Any browser dialog (window.confirm/alert) fails the test: the app asks in its own dialog. */
function refuseBrowserDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('button', { name: button }).click()]);
  const file = await (download as Download).path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

test('sending a notification asks first, naming the recipient count; Cancel sends nothing, Send now sends', async ({ page, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(180_000);
  const browserDialogs = refuseBrowserDialogs(page);
  await signInAs('admin');
  for (const { name, viewport } of widths) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/notifications');
    const form = page.getByRole('form', { name: 'Compose a notification' });
    const title = `Fire drill at noon (${name})`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Text', { exact: true }).fill('Please leave by the nearest exit, {FIRSTNAME}.');
    await form.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'Students' }).check();
    // The count the dialog names is the server's, for the same audience.
    const counted = await page.request.post('/api/admin/notifications/recipients', {
      data: { audience: { roles: ['Student'], ruleRowIds: [], adGroupRowIds: [], userNames: [] } },
      headers: { 'X-XSRF-TOKEN': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' },
    });
    expect(counted.status()).toBe(200);
    const { count } = (await counted.json()) as { count: number };
    expect(count).toBeGreaterThan(1);
    const question = `Send to ${enGB(count)} people now?`;
    await expect(form.getByRole('status')).toHaveText(`${enGB(count)} recipients.`);

    await form.getByRole('button', { name: 'Send notification' }).click();
    const dialog = page.getByRole('dialog', { name: question });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`“${title}” goes to ${enGB(count)} people at once`);
    await expectNoAxeViolations();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByRole('table', { name: 'Notification history' }).getByRole('row').filter({ hasText: title })).toHaveCount(0);

    await form.getByRole('button', { name: 'Send notification' }).click();
    await page.getByRole('dialog', { name: question }).getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(main(page).getByText(`Sent to ${enGB(count)} people.`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Notification history' }).getByRole('row').filter({ hasText: title })).toContainText('Sent');
  }
  expect(browserDialogs).toEqual([]);
});

test("deleting a link, a rule or a category asks in the app's dialog, naming what is lost", async ({ page, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(180_000);
  const browserDialogs = refuseBrowserDialogs(page);
  await signInAs('admin');

  // A link: the dialog names how many users lose it as a favourite (student has Moodle).
  const links = (await (await page.request.get('/api/admin/links')).json()) as AdminLink[];
  const moodle = links.find((link) => link.displayName === 'Moodle');
  expect(moodle?.favouriteCount).toBeGreaterThan(0);
  const favourites = moodle?.favouriteCount ?? 0;
  await page.goto('/admin/links');
  await main(page).getByRole('searchbox', { name: 'Search links' }).fill('Moodle');
  const linkRow = main(page).getByRole('table', { name: 'Links' }).getByRole('row').filter({ hasText: 'moodle.campus.example.ac.uk' });
  await linkRow.getByRole('button', { name: 'Delete Moodle' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Delete the link “Moodle”?' });
  await expect(linkDialog).toBeVisible();
  await expect(linkDialog.getByRole('status')).toHaveText(
    `${favourites === 1 ? '1 user has' : `${enGB(favourites)} users have`} it as a favourite and will lose it. Its open counts are deleted with it.`,
  );
  await expectNoAxeViolations();
  await linkDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(linkDialog).toBeHidden();
  await expect(linkRow).toBeVisible();
  await linkRow.getByRole('button', { name: 'Delete Moodle' }).click();
  await linkDialog.getByRole('button', { name: 'Delete link' }).click();
  await expect(linkDialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText('Link “Moodle” deleted');
  await expect(linkRow).toHaveCount(0);

  // A rule nothing targets: the dialog names its audience; one in use cannot be confirmed.
  await page.goto('/admin/rules');
  await main(page).getByRole('button', { name: 'Add a rule' }).click();
  const editor = main(page).getByRole('form');
  await editor.getByLabel('Name', { exact: true }).fill('Doomed audience');
  await editor.getByRole('group', { name: 'Roles' }).getByLabel('Student', { exact: true }).check();
  await main(page).getByRole('button', { name: 'Save rule' }).click();
  const rulesTable = main(page).getByRole('table', { name: 'Rules' });
  await expect(rulesTable.getByRole('cell', { name: 'Doomed audience', exact: true })).toBeVisible();
  const preview = (await (
    await page.request.post('/api/admin/rules/preview', {
      data: { roles: ['Student'], adGroupRowIds: [], studyLevels: [], programmes: [], schools: [] },
      headers: { 'X-XSRF-TOKEN': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' },
    })
  ).json()) as { count: number };
  await rulesTable.getByRole('button', { name: 'Delete Doomed audience' }).click();
  const ruleDialog = page.getByRole('dialog', { name: 'Delete the rule “Doomed audience”?' });
  await expect(ruleDialog.getByRole('status')).toHaveText(
    `Its audience of ${enGB(preview.count)} users is lost: it can no longer be chosen for links, categories or notifications.`,
  );
  await ruleDialog.getByRole('button', { name: 'Delete rule' }).click();
  await expect(ruleDialog).toBeHidden();
  await expect(rulesTable.getByRole('cell', { name: 'Doomed audience', exact: true })).toHaveCount(0);

  const rules = (await (await page.request.get('/api/admin/rules')).json()) as AudienceRule[];
  const inUse = rules.find((rule) => rule.linkCount + rule.categoryCount > 0);
  expect(inUse).toBeDefined();
  await main(page).getByRole('searchbox', { name: 'Search rules' }).fill(inUse?.name ?? '');
  await rulesTable.getByRole('button', { name: `Delete ${inUse?.name ?? ''}`, exact: true }).click();
  const blocked = page.getByRole('dialog', { name: `Delete the rule “${inUse?.name ?? ''}”?` });
  await expect(blocked.getByRole('status')).toContainText('Take it off them first, or switch it off.');
  await expect(blocked.getByRole('button', { name: 'Delete rule' })).toBeDisabled();
  await blocked.getByRole('button', { name: 'Cancel' }).click();

  // On a phone: a category holding links says to move them first, as a bottom sheet, axe-clean.
  await page.setViewportSize(phone);
  const holding = ((await (await page.request.get('/api/admin/categories')).json()) as AdminCategory[]).find((category) => category.linkCount > 0);
  const categoryName = holding?.name ?? '';
  expect(categoryName).not.toBe('');
  await page.goto('/admin/categories');
  const categories = main(page).getByRole('table', { name: 'Categories' });
  await main(page).getByRole('searchbox', { name: 'Search categories' }).fill(categoryName);
  await categories.getByRole('button', { name: `Delete ${categoryName}`, exact: true }).click();
  const categoryDialog = page.getByRole('dialog', { name: `Delete the category “${categoryName}”?` });
  await expect(categoryDialog.getByRole('status')).toContainText(/It still holds \d+ links?\. Move them to another category or delete them first\./);
  await expect(categoryDialog.getByRole('button', { name: 'Delete category' })).toBeDisabled();
  await expectNoAxeViolations();
  await categoryDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(categoryDialog).toBeHidden();
  expect(browserDialogs).toEqual([]);
});

test('the audit log reads as sentences with record names, filters by the action in words, and keeps the key', async ({ page, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(120_000);
  await signInAs('admin');
  for (const { viewport } of widths) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/audit');
    const table = main(page).getByRole('table', { name: 'Audit log' });
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expectNoAxeViolations();

    // The "What" filter offers the actions in words; the key stays beside each sentence.
    const filters = main(page).getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('What').selectOption({ label: 'Deleted a link' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(main(page).getByText(/^1 entry match/)).toBeVisible();
    await expect(rows).toHaveCount(1);
    const [what, record] = [rows.first().getByRole('cell').nth(2), rows.first().getByRole('cell').nth(3)];
    await expect(what).toContainText("Deleted the link 'Moodle'");
    await expect(what.locator('code')).toHaveText('admin.link.delete');
    await expect(record).toContainText('Moodle');
    await expect(record.locator('code')).toHaveText(/^link \d+$/);
    await expect(rows.first()).toContainText('(admin)');

    await filters.getByLabel('What').selectOption({ label: 'Deleted an audience rule' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(main(page).getByText(/^1 entry match/)).toBeVisible();
    await expect(rows.first()).toContainText("Deleted the audience rule 'Doomed audience'");
    await expect(rows.first()).toContainText('admin.rule.delete');

    await filters.getByLabel('What').selectOption({ label: 'Sent a notification' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(main(page).getByText(/^2 entries match/)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: "Sent the notification 'Fire drill at noon (phone)'" })).toHaveCount(1);
    await expectNoAxeViolations();
  }
});

test('Admin → Jobs shows the job queue by state and the latest failures', async ({ page, signInAs, expectNoAxeViolations }) => {
  await signInAs('admin');
  for (const { viewport } of widths) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/jobs');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Job queue' })).toBeVisible();
    const totals = main(page).getByRole('region', { name: 'Jobs by state' });
    for (const state of ['Waiting', 'Waiting to retry', 'Running', 'Completed', 'Cancelled', 'Failed']) {
      await expect(totals.getByRole('term').filter({ hasText: new RegExp(`^${state}$`) })).toBeVisible();
    }
    await expect(main(page).getByRole('table', { name: 'Job queues' })).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Latest failures' })).toBeVisible();
    await expect(main(page).getByRole('status').filter({ hasText: /^Updated \d{2}:\d{2}$/ })).toBeVisible();
    await expectNoAxeViolations();
  }
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/admin\/feedback$/);
});

test('Admin → Feedback lists what users sent and exports it as CSV, without the sender unless asked', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(120_000);
  // lecturer sends feedback whose comment would be a formula in a spreadsheet.
  const context = await newContext();
  const lecturer = await context.newPage();
  await signInOn(lecturer, 'lecturer');
  const feedback = new FeedbackPages(lecturer);
  await feedback.gotoForm();
  await feedback.rating(2).check();
  await feedback.form.topic.selectOption('Idea');
  await feedback.form.comments.fill('=1+1 the map needs room numbers');
  // The thanks shows once the feedback is queued on the device; the outbox sends it just after.
  // Closing the context before that would leave it queued in a browser that never comes back.
  const delivered = lecturer.waitForResponse((response) => response.url().endsWith('/api/user/feedback') && response.request().method() === 'POST');
  await feedback.form.send.click();
  await expect(feedback.form.thanks).toBeVisible();
  expect((await delivered).status()).toBe(204);
  await context.close();

  await signInAs('admin');
  for (const { viewport } of widths) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/feedback');
    await expect(main(page).getByRole('heading', { level: 1, name: 'User feedback' })).toBeVisible();
    const row = main(page).getByRole('table', { name: 'Feedback' }).getByRole('row').filter({ hasText: 'the map needs room numbers' });
    await expect(row).toContainText('2 of 5');
    await expect(row).toContainText('(lecturer)');
    await expect(main(page).getByRole('status').filter({ hasText: /entr(y|ies) in all/ })).toContainText('Average rating');
    await expectNoAxeViolations();
  }
  await main(page).getByText('Export', { exact: true }).click();
  const csv = await downloaded(page, 'Export CSV');
  expect(csv.name).toBe('feedback.csv');
  const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('"When","Rating","Topic","Comment","App version"');
  const mine = lines.find((line) => line.includes('the map needs room numbers')) ?? '';
  expect(mine).toContain(`2,"Idea","'=1+1 the map needs room numbers"`);
  expect(mine).not.toContain('lecturer');
  expect(lines.some((line) => line.includes('(lecturer)'))).toBe(false);
});
