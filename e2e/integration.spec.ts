import { execFile } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TimetablePage } from './pages/TimetablePage';
import { demoLecture, lectureMovedBundle } from './support/demoDelta';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

/*
 * Issue 36's acceptance, as an integrator lives it: an administrator creates an integration client
 * on Admin → Integrations and copies its token; the university's timetabling system (here `curl`,
 * a client nobody here wrote) pushes a bundle with apply=auto; the student sees the change; the
 * administrator sees the client's last use and the pushed batch, revokes the client, and its token
 * stops working.
 */
useOwnServer(test);
test.describe.configure({ mode: 'serial' });

const run = promisify(execFile);
const NEW_ROOM = { id: 'ENG-0.01', name: 'Engineering Lecture Theatre 1' };
const CLIENT_NAME = 'Timetabling (Syllabus Plus)';
const main = (page: Page) => page.getByRole('main');
/** The token of the client the phone test creates to read attendance; the last test uses it. */
let attendanceToken = '';

/** `curl` as an integrator would run it: the HTTP status and the body. */
async function curl(args: readonly string[]): Promise<{ status: number; body: string }> {
  const { stdout } = await run('curl', ['--silent', '--show-error', '--write-out', '\n%{http_code}', ...args]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

async function lectureCard(page: Page) {
  await new TimetablePage(page).goto(`?week=${demoLecture.day}`);
  return page.locator('li.event').filter({ hasText: 'CS2052' }).filter({ has: page.locator(`time[datetime^="${demoLecture.day}T10:00"]`) });
}

test('an administrator creates a client and copies its token; curl pushes a bundle with apply=auto; the student sees it; revoking stops the token', async ({ page, baseURL, newContext, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(150_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs('admin');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expectNoAxeViolations();

  // A client that may push imports and read their reports, but not attendance.
  await main(page).getByRole('button', { name: 'Add a client' }).click();
  await main(page).getByRole('button', { name: 'Create client' }).click();
  await expect(main(page).getByRole('alert')).toContainText('Enter a name for the client');
  await expect(main(page).getByRole('alert')).toContainText('Choose at least one permission');
  await main(page).getByRole('textbox', { name: 'Name' }).fill(CLIENT_NAME);
  await main(page).getByRole('checkbox', { name: 'Push data imports' }).check();
  await main(page).getByRole('checkbox', { name: 'Read import reports' }).check();
  await expectNoAxeViolations();
  await main(page).getByRole('button', { name: 'Create client' }).click();

  // The token, once: focused heading, the value, Copy.
  const tokenHeading = main(page).getByRole('heading', { name: `The token of “${CLIENT_NAME}”` });
  await expect(tokenHeading).toBeFocused();
  const token = await main(page).getByRole('textbox', { name: 'Token' }).inputValue();
  expect(token).toMatch(/^cci_[A-Za-z0-9_-]{43}$/);
  await main(page).getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByText('Token copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectNoAxeViolations();
  await main(page).getByRole('button', { name: 'Done' }).click();
  await expect(main(page).getByRole('textbox', { name: 'Token' })).toHaveCount(0);
  const row = main(page).getByRole('table', { name: 'Integration clients' }).getByRole('row').filter({ hasText: CLIENT_NAME });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never used');
  await expect(row).toContainText('Push data imports, Read import reports');
  // The list never carries the token again.
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(token);

  // The student's lecture before the push.
  const studentContext = await newContext();
  try {
    const student = await studentContext.newPage();
    await signInOn(student, 'student');
    await expect(await lectureCard(student)).toContainText(demoLecture.roomName);

    // The timetabling system pushes the change, and polls its report until it is applied.
    const { path } = await lectureMovedBundle(NEW_ROOM.id);
    const pushed = await curl(['-X', 'POST', '-H', `Authorization: Bearer ${token}`, '-H', 'Content-Type: application/zip', '--data-binary', `@${path}`, `${baseURL}/api/integration/imports?apply=auto`]);
    expect(pushed.status).toBe(202);
    const { rowId } = JSON.parse(pushed.body) as { rowId: number };
    await expect.poll(async () => {
      const report = await curl(['-H', `Authorization: Bearer ${token}`, `${baseURL}/api/integration/imports/${rowId}`]);
      return (JSON.parse(report.body) as { state: string }).state;
    }, { timeout: 30_000 }).toBe('applied');
    const report = JSON.parse((await curl(['-H', `Authorization: Bearer ${token}`, `${baseURL}/api/integration/imports/${rowId}`])).body) as { pushedBy: string; counts: { events: { update: number } } };
    expect(report.pushedBy).toBe(CLIENT_NAME);
    expect(report.counts.events.update).toBe(1);

    const card = await lectureCard(student);
    await student.getByRole('button', { name: 'Refresh' }).click();
    await expect(card).toContainText(NEW_ROOM.name);
  } finally {
    await studentContext.close();
  }

  // The administrator sees the client's last use, and the batch it pushed in the import history.
  await page.reload();
  await expect(row).toContainText('from 127.0.0.1');
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Data import' }).click();
  await expect(main(page).getByRole('table', { name: /import/i }).getByRole('row').filter({ hasText: `Client “${CLIENT_NAME}”` })).toContainText('Applied');

  // Revoked: it asks first, then the token is refused.
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Integrations' }).click();
  await row.getByRole('button', { name: `Revoke ${CLIENT_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke the client “${CLIENT_NAME}”?` });
  await expect(dialog).toContainText('Its token stops working at once');
  await expectNoAxeViolations();
  await dialog.getByRole('button', { name: 'Revoke client' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${CLIENT_NAME}` })).toHaveCount(0);
  const refused = await curl(['-H', `Authorization: Bearer ${token}`, `${baseURL}/api/integration/imports/${1}`]);
  expect(refused.status).toBe(401);
  expect(JSON.parse(refused.body)).toEqual({ message: 'The integration token has been revoked.', errors: { authorization: ['The integration token has been revoked.'] }, code: 'unauthorized' });
});

test('on a phone, Admin → Integrations lists the clients as cards and adds one, axe-clean', async ({ page, signInAs, expectNoAxeViolations }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin');
  await page.goto('/admin/integrations');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(main(page).getByText(CLIENT_NAME)).toBeVisible();
  await expectNoAxeViolations();
  await main(page).getByRole('button', { name: 'Add a client' }).click();
  await main(page).getByRole('textbox', { name: 'Name' }).fill('Student records nightly');
  await main(page).getByRole('checkbox', { name: 'Read attendance and absence decisions' }).check();
  await expectNoAxeViolations();
  await main(page).getByRole('button', { name: 'Create client' }).click();
  await expect(main(page).getByRole('heading', { name: 'The token of “Student records nightly”' })).toBeFocused();
  attendanceToken = await main(page).getByRole('textbox', { name: 'Token' }).inputValue();
  await expectNoAxeViolations();
});

interface FeedPage {
  readonly items: { studentRowId: number; student: { identifier: string | null } | null; event: { start: string; module: { code: string } } | null; outcome: string | null; recorded: { method: string } | null }[];
  readonly nextCursor: string;
  readonly hasMore: boolean;
}

/** Reads the attendance feed with curl from `since` until nothing more is ready. */
async function feedFrom(baseURL: string, since?: string): Promise<{ items: FeedPage['items']; cursor: string | undefined }> {
  const items: FeedPage['items'] = [];
  let cursor = since;
  for (;;) {
    const query = cursor ? `?limit=5000&since=${cursor}` : '?limit=5000';
    const answer = await curl(['-H', `Authorization: Bearer ${attendanceToken}`, `${baseURL}/api/integration/attendance${query}`]);
    expect(answer.status).toBe(200);
    const page = JSON.parse(answer.body) as FeedPage;
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!page.hasMore) return { items, cursor };
  }
}

test('the attendance feed gives the student information system the registration the student then makes, as JSON and as CSV', async ({ page, baseURL, signInAs }) => {
  expect(attendanceToken).toMatch(/^cci_/);
  const origin = baseURL ?? '';
  const { cursor } = await feedFrom(origin);

  // The class that started a few minutes before the seed's moment: its window is open.
  await signInAs('student');
  const timetable = new TimetablePage(page);
  await timetable.goto();
  await timetable.registerButtons.first().click();
  await expect(page.getByText('Your attendance has been registered.')).toBeVisible();

  // The feed holds back only while an older transaction on the database is still open: it comes.
  let mine: FeedPage['items'] = [];
  await expect.poll(async () => {
    mine = (await feedFrom(origin, cursor)).items.filter((item) => item.recorded?.method === 'selfRegistered');
    return mine.length;
  }, { timeout: 15_000 }).toBe(1);
  expect(mine[0]).toMatchObject({ outcome: 'Attended', student: { identifier: expect.stringMatching(/\S/) } });

  const csv = await curl(['-H', `Authorization: Bearer ${attendanceToken}`, '-H', 'Accept: text/csv', `${origin}/api/integration/attendance?since=${cursor ?? ''}`]);
  expect(csv.status).toBe(200);
  expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('STUDENT_ID,EVENT_ID,EVENT_NAME,EVENT_TYPE,EVENT_MANDATORY,START_TIME,END_TIME,EVENT_ATTENDED,ATTENDANCE_LATE,ATTENDANCE_CATEGORY,STAFF_ID,MOD_INSTANCE_ID');
  const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
  const row = rows.find((r) => r.STUDENT_ID === mine[0]?.student?.identifier && r.START_TIME === mine[0]?.event?.start);
  expect(row).toMatchObject({ EVENT_ATTENDED: '1', ATTENDANCE_CATEGORY: 'Attended', MOD_INSTANCE_ID: expect.stringContaining(mine[0]?.event?.module.code ?? '?') });
});

/*
 * Issue 36 §3, scheduled pulls: the timetabling system publishes an iCal feed per teaching group
 * (here a node:http server in the test, its feeds written out as iCalendar text). An administrator
 * adds an iCal connector with a URL template, runs it now, watches its last run become Applied, and
 * the student sees the new class. The connector reads the template once per held teaching group,
 * with its class code: every other group's feed is an empty calendar, which covers no span and
 * changes nothing. The feed's event belongs to the group whose feed holds it (CS2052-LEC, whose
 * lecture `student` attends); its LOCATION names a demo room, and its type comes from the SUMMARY.
 */
const FEED_GROUP_CODE = 'CS2052-LEC';
const FEED_DAY = '2026-10-08';
const FEED_ROOM = 'Library Lecture Theatre';
const CONNECTOR_NAME = 'Timetabling feeds (CELCAT)';
const ical = (events: readonly string[]): string =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Campus Companion e2e//Hand written//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', ...events, 'END:VCALENDAR', ''].join('\r\n');
const guestWorkshop = [
  'BEGIN:VEVENT',
  'UID:celcat-e2e-cs2052-guest-workshop@timetable.example.ac.uk',
  'DTSTAMP:20261001T120000Z',
  // Thursday of the seed's week, 16:00 to 17:00 in London (summer time).
  'DTSTART:20261008T150000Z',
  'DTEND:20261008T160000Z',
  'SUMMARY:CS2052 Industry Guest Workshop',
  `LOCATION:${FEED_ROOM}`,
  'END:VEVENT',
].join('\r\n');

test('an administrator adds an iCal feed connector, runs it now, sees it applied, and the student sees the new class; axe-clean at 1280 and 390 px', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(150_000);
  const asked: string[] = [];
  const feeds = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    asked.push(path);
    const code = /^\/ical\/(.+)\.ics$/.exec(path)?.[1];
    if (!code) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(ical(decodeURIComponent(code) === FEED_GROUP_CODE ? [guestWorkshop] : []));
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  const { port } = feeds.address() as AddressInfo;
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs('admin');
    await page.goto('/admin/integrations');
    const section = main(page).getByRole('region', { name: 'Scheduled pulls' }).first();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Scheduled pulls' })).toBeVisible();
    await main(page).getByRole('button', { name: 'Add a scheduled pull' }).click();
    const form = main(page).getByRole('form', { name: 'New scheduled pull' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(CONNECTOR_NAME);
    await form.getByRole('radio', { name: 'Timetable iCal feeds' }).check();
    // Daily at 02:00: no scheduled run comes in the way of "Run now" during the test.
    await form.getByRole('textbox', { name: 'Schedule (cron)' }).fill('0 2 * * *');
    await expect(form.getByText('Now: Every day at 02:00.')).toBeVisible();
    // A template without {classCode}: the server's error shows under the field, tied to it.
    const template = form.getByRole('textbox', { name: 'Address template (optional)' });
    await template.fill(`http://127.0.0.1:${port}/ical/all.ics`);
    await form.getByRole('button', { name: 'Add scheduled pull' }).click();
    await expect(form.getByRole('alert')).toContainText('The scheduled pull was not saved');
    await expect(template).toHaveAttribute('aria-invalid', 'true');
    await expect(template).toHaveAccessibleDescription(/Enter an http\(s\) address containing \{classCode\}/);
    await expectNoAxeViolations();

    await template.fill(`http://127.0.0.1:${port}/ical/{classCode}.ics`);
    await form.getByRole('button', { name: 'Add scheduled pull' }).click();
    await expect(form).toHaveCount(0);
    const row = main(page).getByRole('table', { name: 'Scheduled pulls' }).getByRole('row').filter({ hasText: CONNECTOR_NAME });
    await expect(row).toContainText('Timetable iCal feeds');
    await expect(row).toContainText('Every day at 02:00');
    await expect(row).toContainText('Never run');
    await expect(row).toContainText('Tue 6 Oct 2026, 02:00');
    await expectNoAxeViolations();

    // The student's Thursday before the run: no CS2052 class at 16:00.
    const studentContext = await newContext();
    try {
      const student = await studentContext.newPage();
      await signInOn(student, 'student');
      await new TimetablePage(student).goto(`?week=${FEED_DAY}`);
      const workshop = student.locator('li.event').filter({ hasText: 'CS2052' }).filter({ has: student.locator(`time[datetime^="${FEED_DAY}T16:00"]`) });
      await expect(student.locator('li.event').first()).toBeVisible();
      await expect(workshop).toHaveCount(0);

      await row.getByRole('button', { name: `Run ${CONNECTOR_NAME} now` }).click();
      await expect(row).toContainText(/Applied, \w{3} \d{1,2} Oct 2026, \d\d:\d\d/, { timeout: 60_000 });
      expect(asked).toContain(`/ical/${FEED_GROUP_CODE}.ics`);
      await expectNoAxeViolations();

      // The student sees the class on Thursday, in the room the feed named.
      await student.getByRole('button', { name: 'Refresh' }).click();
      await expect(workshop).toHaveCount(1);
      await expect(workshop).toContainText('Workshop');
      await expect(workshop).toContainText(FEED_ROOM);
    } finally {
      await studentContext.close();
    }
    const batchLink = row.getByRole('link', { name: /^Import batch \d+/ });

    // The run's batch is in the import history, with its report.
    await batchLink.click();
    await expect(page).toHaveURL(/\/admin\/imports\/\d+$/);
    await expect(main(page)).toContainText('Applied');
    await page.goBack();

    // On a phone: the list as cards, the edit form, the delete dialog; axe-clean throughout.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    await expectNoAxeViolations();
    await row.getByRole('button', { name: `Edit ${CONNECTOR_NAME}` }).click();
    const editForm = main(page).getByRole('form', { name: `Edit scheduled pull “${CONNECTOR_NAME}”` });
    await expect(editForm.getByRole('textbox', { name: 'Address template (optional)' })).toHaveValue(`http://127.0.0.1:${port}/ical/{classCode}.ics`);
    await expect(editForm.getByRole('radio')).toHaveCount(0);
    await editForm.getByRole('button', { name: 'Add a feed' }).click();
    await expect(editForm.getByRole('group', { name: 'Feed 1' })).toBeVisible();
    await expectNoAxeViolations();
    await editForm.getByRole('button', { name: 'Remove feed 1' }).click();
    await editForm.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: `Delete ${CONNECTOR_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the scheduled pull “${CONNECTOR_NAME}”?` });
    await expect(dialog).toContainText('The import batches it made stay in the import history');
    await expectNoAxeViolations();
    await dialog.getByRole('button', { name: 'Delete scheduled pull' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await expect(section).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => feeds.close(() => resolve()));
  }
});
