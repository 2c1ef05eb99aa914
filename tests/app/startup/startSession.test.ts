import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../src/app/db/userDatabase';
import { startSignedInSession } from '../../../src/app/startup/startSession';
import { enrolmentStatusText } from '../../../src/app/startup/StartupOverlay';
import { stopOutboxSync } from '../../../src/app/sync/outboxSync';
import { startupResources } from '../../../src/app/sync/registry';
import { layoutRendered, resetFirstContent } from '../../../src/app/ui/layoutHold/firstContent';
import { makeUser } from '../sync/support/fixtures';

// The session starts the device's push subscription once the page's first content shows (a lazy import). Its
// machine has tests of its own; here it is a spy, so nothing of it is still loading once a test ends.
const push = vi.hoisted(() => ({ pushSubscriptionFor: vi.fn() }));
vi.mock('../../../src/app/features/pushSubscription/pushSubscription.actor', () => push);

const answers: Record<string, unknown> = {
  '/api/user/preferences/options': { theme: ['Auto', 'Light', 'Dark'], border: ['Rounded', 'Square'], font: ['App Font'] },
  '/api/user/preferences/userapi': { theme: 'Dark', border: '', font: '' },
  '/api/user/preferences/app': { isCategoryView: true },
  '/api/user/analytics': {
    uuid: 'u', isStaff: false, staffJobFamily: null, isStudent: true, isStudentVisaHolder: false, studyLevel: '-1', programme: null, school: null,
  },
};

const fetchMock = vi.fn<typeof fetch>();
const persist = vi.fn(async () => true);

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    if (path === '/api/user/profile') return new Response('{}', { status: 500, statusText: 'Internal Server Error' });
    return new Response(JSON.stringify(answers[path] ?? null), { status: path in answers ? 200 : 404, headers: { ETag: 'W/"1"' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist } });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  stopOutboxSync();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
  resetFirstContent();
});

describe('the signed-in start-up sequence (SPEC §7)', () => {
  it('loads every registered start-up resource once, and only logs a failure', async () => {
    const user = makeUser();
    setActiveUser(user);
    const session = startSignedInSession(user);
    expect(startSignedInSession(user)).toBe(session); // once per user and page load
    await session.all;
    await expect(session.profile).resolves.toBeUndefined(); // the 500 was logged, not thrown

    const keys = startupResources().map(({ key }) => key);
    expect(keys).toEqual(expect.arrayContaining(['preferenceOptions', 'userApiPreferences', 'appPreferences', 'profile', 'analytics']));
    expect(keys).not.toContain('personalTutor');
    const requested = fetchMock.mock.calls.map(([input]) => String(input));
    expect(requested).toEqual(expect.arrayContaining(Object.keys(answers).concat('/api/user/profile')));
    expect(requested).not.toContain('/api/user/personaltutor');
    expect(await activeUserDatabase()?.resources.get('userApiPreferences')).toMatchObject({ value: { theme: 'Dark' } });
    expect(console.warn).toHaveBeenCalledWith('Start-up: could not load profile', expect.objectContaining({ status: 500 }));
    expect(persist).toHaveBeenCalledTimes(1);
    // The push subscription's machine waits for the page's first content, then starts.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(push.pushSubscriptionFor).not.toHaveBeenCalled();
    layoutRendered();
    await vi.waitFor(() => expect(push.pushSubscriptionFor).toHaveBeenCalledWith(user));
  });

  it('names the overlay as SPEC §2 does', () => {
    expect(enrolmentStatusText).toBe('Fetching your enrolment status...');
  });
});
