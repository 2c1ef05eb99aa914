import type { Timetable } from '../src/shared/contract/timetable';
import type { AbsenceConfig, AbsenceRequest } from '../src/shared/contract/absences';
import { expect, test } from './fixtures';
import { AttendancePages } from './pages/AttendancePages';
import { LandingPage } from './pages/LandingPage';
import { addDays, closeSuccess, getJson, londonToday, openCreateDialog } from './support/absenceSpecs';
import { startIdentityProviderProcess, type IdentityProviderProcess } from './support/identityProviderProcess';
import { useOwnServer } from './support/ownServer';

/*
 * Issue 30: a student who exists only in an import signs in through OpenID Connect (a real
 * provider, in a process of its own on the servers' wall clock). The demo university is itself an
 * import; its cohort students are in lab groups A and B at different times, and no demo sign-in is
 * on (DEMO is off once OpenID Connect is configured). cohort02 is in group B: their timetable has
 * group B's labs and not group A's, and they can request an absence, since the import says they
 * are fully enrolled.
 */

let idp: IdentityProviderProcess | undefined;
const provider = (): IdentityProviderProcess => {
  if (!idp) throw new Error('the identity provider has not started');
  return idp;
};

// The provider starts first (its hooks are registered first): the server's configuration names it.
test.beforeAll(async () => {
  const origin = await server.address();
  idp = await startIdentityProviderProcess({ redirectUri: `${origin}/api/user/signin/callback`, postLogoutRedirectUri: `${origin}/landing` }, {
    // The university's directory knows them by their user name; the email address is not what links them.
    'entra-cohort02': { preferred_username: 'cohort02', name: 'Cohort Two', given_name: 'Jack', email: 'someone.else@example.com', roles: [], groups: [] },
  });
});
test.afterAll(async () => {
  await idp?.close();
});

const server = useOwnServer(test, {
  env: () => ({
    OIDC_ISSUER: provider().issuer, OIDC_CLIENT_ID: provider().clientId, OIDC_CLIENT_SECRET: provider().clientSecret,
    PUBLIC_ORIGIN: server.baseURL,
  }),
});

/** 'Wed 14:00' in London, from an ISO time with its offset. */
function weekdayAndTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('hour')}:${part('minute')}`;
}

test('a student known only from the import signs in with the identity provider, sees their own groups\' classes and requests an absence', async ({ page, expectNoAxeViolations }) => {
  test.setTimeout(90_000);
  // The provider signs in whoever the authorisation request names as its login hint: the app's
  // redirect to the provider gets one (a real provider would show its own sign-in page here).
  await page.route((url) => url.pathname === '/api/user/signin', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = new URL(response.headers().location ?? '');
    location.searchParams.set('login_hint', 'entra-cohort02');
    await route.fulfill({ response, headers: { ...response.headers(), location: location.href } });
  });
  const landing = new LandingPage(page);
  await page.goto('/landing');
  // Sign in, the provider, its callback, home: one click.
  await landing.signInLink.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome,');
  await expect(page.getByText('Your records have not arrived yet')).toHaveCount(0);

  const { timetableEntries } = await getJson<Timetable>(page.request, '/api/timetable');
  const labs = timetableEntries.filter((e) => e.moduleCode === 'CS2041' && e.eventType === 'Lab' && !e.isCancelled);
  const lectures = timetableEntries.filter((e) => e.moduleCode === 'CS2041' && e.eventType === 'Lecture');
  expect(lectures.length).toBeGreaterThan(5);
  expect(labs.length).toBeGreaterThan(5);
  // Group A's CS2041 lab is on Wednesdays at 14:00, and today's extra one at 08:50: none of them is
  // theirs. Every lab they have is group B's, at its one weekly slot.
  const slots = new Set(labs.map((e) => weekdayAndTime(e.startTime)));
  expect(slots.has('Wed 14:00')).toBe(false);
  const today = await londonToday(page);
  expect(labs.some((e) => e.startTime.startsWith(today))).toBe(false);
  expect(slots.size).toBe(1);

  await page.goto('/timetable');
  await expect(page.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible();
  await expectNoAxeViolations();

  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  const config = await getJson<AbsenceConfig>(page.request, '/api/attendance/absences/config');
  const day = addDays(today, 3) < config.dateLimits.maximum.slice(0, 10) ? addDays(today, 3) : config.dateLimits.maximum.slice(0, 10);
  const dialog = await openCreateDialog(page);
  await dialog.allDay.check();
  await dialog.setDate(dialog.startDate, day);
  await dialog.setDate(dialog.endDate, day);
  await dialog.chooseReason('Job interview');
  await dialog.additionalInformation.fill('Placement interview at a software company');
  await dialog.submitButton().click();
  await closeSuccess(page, 'Absence Request Submitted Successfully');
  const requests = await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests');
  expect(requests.map((r) => [r.absenceStart.slice(0, 10), r.absenceStatus])).toEqual([[day, 'Pending']]);
});
