import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { csv, manifest, writeZip } from '../tests/helpers/importBundle';
import { expect, test } from './fixtures';
import { AdminImportsPage } from './pages/AdminImportsPage';
import { expectFocusOn } from './support/focus';
import { findHorizontalOverflow } from './support/horizontalOverflow';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Issue 30, Admin → Data import: upload a bundle, follow its check, apply it, revert it. Its own
// server: applying changes the data everyone shares.
useOwnServer(test);

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 720 };
const bundleName = 'e2e-new-module.zip';

/**
 * A delta bundle that only adds (every sourcedId new, so nothing of the demo university is
 * touched; the module belongs to the demo's current academic year): an organisation, a module with one teaching group, one student enrolled in it, the
 * student's role, a room and one timetabled lecture in that room.
 */
async function newModuleBundle({ eventStart = '2026-10-14T10:00:00+01:00', name = bundleName } = {}): Promise<string> {
  const modified = '2026-10-01T12:00:00Z';
  return writeZip({
    'manifest.csv': manifest({
      academicSessions: 'absent', orgs: 'delta', courses: 'delta', classes: 'delta', users: 'delta', roles: 'delta', enrollments: 'delta',
      'ext.rooms': 'delta', 'ext.events': 'delta', 'ext.absenceCategories': 'absent',
    }),
    'orgs.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'name', 'type'],
      ['e2e-org-imports', 'active', modified, 'School of Import Studies', 'school'],
    ]),
    'courses.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'title', 'courseCode', 'schoolYearSourcedId', 'orgSourcedId'],
      // The demo's current academic year (2026/27, from E2E_CLOCK_START), which the module belongs to.
      ['e2e-course-IM9001', 'active', modified, 'Moving Data Safely', 'IM9001', 'ay-2026', 'e2e-org-imports'],
    ]),
    'classes.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'title', 'courseSourcedId', 'classType'],
      ['e2e-IM9001-LEC', 'active', modified, 'IM9001 Lecture', 'e2e-course-IM9001', 'scheduled'],
    ]),
    'users.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'enabledUser', 'username', 'givenName', 'familyName', 'identifier', 'primaryOrgSourcedId'],
      ['e2e-u-importee', 'active', modified, 'true', 'importee@e2e.ac.uk', 'Ingrid', 'Importee', '2690001', 'e2e-org-imports'],
    ]),
    'roles.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
      ['e2e-r-importee', 'active', modified, 'e2e-u-importee', 'primary', 'student', 'e2e-org-imports'],
    ]),
    'enrollments.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'userSourcedId', 'role'],
      ['e2e-e-importee', 'active', modified, 'e2e-IM9001-LEC', 'e2e-u-importee', 'student'],
    ]),
    'ext.rooms.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'name', 'building'],
      ['E2E-IM-101', 'active', modified, 'Import Lecture Room', 'Data Building'],
    ]),
    'ext.events.csv': csv([
      ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'eventType', 'start', 'end', 'roomSourcedId'],
      ['e2e-ev-IM9001-1', 'active', modified, 'e2e-IM9001-LEC', 'Lecture', eventStart, '2026-10-14T11:00:00+01:00', 'E2E-IM-101'],
    ]),
    // Incompressible bytes the import ignores, so that the upload takes long enough to watch.
    'padding.bin': randomBytes(256 * 1024),
  }, name);
}

/** Measured until the page has laid itself out at the new width (the tab strip's scroll cues follow a ResizeObserver). */
async function expectNoOverflow(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const overflow = await findHorizontalOverflow(page);
        return { offenders: overflow.offenders, isWiderThanTheScreen: overflow.documentWidth > overflow.viewportWidth };
      },
      { message: `elements past the right edge of ${page.url()}` },
    )
    .toEqual({ offenders: [], isWiderThanTheScreen: false });
}

test('an administrator uploads a bundle, sees it checked, applies it and reverts it; a file that is not a zip is refused', async ({ page, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(150_000);
  const imports = new AdminImportsPage(page);
  await signInAs('admin');
  await imports.openFromAdminTabs();
  await expect(page).toHaveURL(/\/admin\/imports$/);
  await expect(imports.heading()).toBeVisible();
  // The app's service worker controls the page, as it does for every user after the first visit:
  // the upload goes past it, so the page still sees its progress.
  await waitForServiceWorkerControl(page);
  // The demo university came in as an import too: the server's own, by no one.
  await expect(imports.historyRows().filter({ hasText: 'System' })).not.toHaveCount(0);
  await expect(imports.thresholdField()).toHaveValue('10');

  // A file that is not a zip: one named otherwise is refused at once, one named .zip by the server.
  await imports.fileInput().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a bundle\n') });
  await expect(imports.page.getByText('"notes.txt" is not a Zip file.')).toBeVisible();
  await imports.fileInput().setInputFiles({ name: 'timetable.zip', mimeType: 'application/zip', buffer: Buffer.from('these are not the files you want\n') });
  await imports.uploadButton().click();
  await expect(page.getByRole('alert').filter({ hasText: 'The bundle was not uploaded.' })).toContainText('The file is not a zip archive.');
  await expect(imports.fileInput()).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.file-uploader .form-field__error')).toHaveText('The file is not a zip archive. Upload the bundle as a .zip file.');
  await expect(imports.report()).toHaveCount(0);

  // The real bundle, sent slowly (the upload throttled to 64 kB/s) so that its progress shows.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
  await imports.fileInput().setInputFiles(await newModuleBundle());
  await expect(imports.main.getByText(bundleName)).toBeVisible();
  // Every value the progress bar takes, with the words beside it, as the page shows them.
  await page.evaluate(() => {
    const seen: { value: number; max: number; text: string }[] = [];
    Object.assign(window, { uploadProgressSeen: seen });
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('.admin-imports__progress progress');
      const text = bar?.parentElement?.textContent ?? '';
      if (bar && seen.at(-1)?.text !== text) seen.push({ value: bar.value, max: bar.max, text });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await imports.uploadButton().click();
  await expect(imports.uploadProgress()).toBeVisible();
  await expect(imports.uploadProgress()).toHaveCount(0, { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const seen = await page.evaluate(() => (window as unknown as { uploadProgressSeen: { value: number; max: number; text: string }[] }).uploadProgressSeen);
  const shown = JSON.stringify(seen, null, 1);
  // Part way: the bytes sent so far, of the whole.
  expect(seen.filter(({ value, max, text }) => value > 0 && value < max && /Uploading e2e-new-module\.zip[\d.]+ kB of 2\d\d(\.\d)? kB$/.test(text)).length, shown).toBeGreaterThan(1);
  // Then all of them, while the server stores the bundle.
  const last = seen.at(-1);
  expect(last?.value, shown).toBe(last?.max);
  expect(last?.text, shown).toMatch(/^Sent; the server is storing the bundle…([\d.]+ kB) of \1$/);

  // The report: checked by a job while the page follows it; the focus is on its heading.
  await expect(page).toHaveURL(/\/admin\/imports\/\d+$/);
  const reportUrl = page.url();
  await expectFocusOn(imports.reportHeading(), 'the report heading');
  await expect(imports.state()).toHaveText('State: Ready to apply', { timeout: 30_000 });
  for (const records of ['Organisations', 'Modules (courses)', 'Teaching groups (classes)', 'People (users)', 'Roles', 'Enrolments', 'Rooms', 'Timetable events']) {
    await expect(imports.countsOf(records), records).toHaveText(['1', '0', '0', '0']);
  }
  await expect(imports.countsOf('Academic sessions')).toHaveText(['0', '0', '0', '0']);
  await expect(imports.report()).toContainText('No errors or warnings.');
  await expect(imports.historyRows().filter({ hasText: bundleName })).toContainText('Ready to apply');
  await expectNoAxeViolations();

  // Apply, first looked at and cancelled: the dialog states the counts, and gives the focus back.
  const applyButton = imports.report().getByRole('button', { name: 'Apply import…' });
  await applyButton.click();
  const applyDialog = imports.dialog('Apply this import?');
  await expect(applyDialog).toContainText('Create 8, update 0, deactivate 0.');
  await expect(applyDialog.getByRole('checkbox')).toHaveCount(0);
  await expectNoAxeViolations();
  await applyDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(applyDialog).toHaveCount(0);
  await expect(applyButton).toBeFocused();

  // On a phone: the report and the dialog fit and are accessible.
  await page.setViewportSize(phone);
  await page.goto(reportUrl);
  await expect(imports.state()).toHaveText('State: Ready to apply');
  await expectNoOverflow(page);
  await expectNoAxeViolations();
  await applyButton.click();
  await expect(applyDialog).toContainText('Create 8, update 0, deactivate 0.');
  await expectNoOverflow(page);
  await expectNoAxeViolations();
  await applyDialog.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize(desktop);

  // Apply for real.
  await applyButton.click();
  await applyDialog.getByRole('button', { name: 'Apply import' }).click();
  await expect(applyDialog).toHaveCount(0);
  await expect(imports.state()).toHaveText(/^State: (Applying…|Applied)$/);
  await expect(imports.state()).toHaveText('State: Applied', { timeout: 30_000 });
  await expectFocusOn(imports.reportHeading(), 'the report heading');
  await expect(imports.report().getByRole('heading', { name: 'What it changed' })).toBeVisible();
  await expect(imports.historyRows().filter({ hasText: bundleName })).toContainText('Applied');
  await expect(imports.historyRows().filter({ hasText: bundleName })).toContainText('Create 8, update 0, deactivate 0.');

  // Revert.
  await imports.report().getByRole('button', { name: 'Revert import…' }).click();
  const revertDialog = imports.dialog('Revert this import?');
  await expect(revertDialog).toContainText('What it created is deactivated, what it changed is put back.');
  await expectNoAxeViolations();
  await revertDialog.getByRole('button', { name: 'Revert import' }).click();
  await expect(revertDialog).toHaveCount(0);
  await expect(imports.state()).toHaveText('State: Reverted', { timeout: 30_000 });
  await expect(imports.report().getByRole('button', { name: /^(Apply|Revert) import/ })).toHaveCount(0);
  await expect(imports.historyRows().filter({ hasText: bundleName })).toContainText('Reverted');

  // A bundle with an error: where it is, narrowed by the report's filters, and every problem as CSV.
  await imports.fileInput().setInputFiles(await newModuleBundle({ eventStart: '2026-10-14 10:00', name: 'e2e-no-offset.zip' }));
  await imports.uploadButton().click();
  await expect(imports.state()).toHaveText('State: Has errors', { timeout: 30_000 });
  const problems = imports.report().getByRole('table', { name: 'Problems' });
  const problem = problems.locator('tbody tr').filter({ hasText: 'ext.events.csv' });
  await expect(problem).toHaveCount(1);
  await expect(problem).toContainText('start');
  await expect(imports.report().getByRole('button', { name: /^Apply import/ })).toHaveCount(0);
  await imports.report().getByRole('combobox', { name: 'Show' }).selectOption('Warnings only');
  await expect(imports.report()).toContainText('No problem is of that kind in that file.');
  await expect(problems).toHaveCount(0);
  await imports.report().getByRole('combobox', { name: 'Show' }).selectOption('Errors only');
  await imports.report().getByRole('combobox', { name: 'In file' }).selectOption('ext.events.csv');
  await expect(problem).toHaveCount(1);
  const csvHref = await imports.report().getByRole('link', { name: 'Download as CSV' }).getAttribute('href');
  const csvAnswer = await page.request.get(csvHref ?? '');
  expect(csvAnswer.status()).toBe(200);
  expect(await csvAnswer.text()).toContain('"error","ext.events.csv",2,"start",');
  await expectNoAxeViolations();
  await page.setViewportSize(phone);
  await expectNoOverflow(page);
  await expectNoAxeViolations();
  await page.setViewportSize(desktop);

  // The history opens a report: the demo's own, from its row.
  await imports.historyRows().filter({ hasText: 'System' }).first().getByRole('link', { name: /^Open the report of / }).click();
  await expect(page).toHaveURL(/\/admin\/imports\/\d+$/);
  await expect(imports.state()).toHaveText(/^State: /);
  await expect(imports.report()).toContainText('by System');
});
