import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUserInfo, UserAnalytics } from '../../../../src/shared/contract/user';
import { consentOwnerMarker } from '../../../../src/app/features/analytics/consentOwner';
import { amara } from '../../support/session';

// Security item 7 in a DOM (happy-dom): analytics consent given by one user does not apply to the
// next user of the same browser. The banner asks that user again, and analytics does not start
// until they answer.

const analyticsData: UserAnalytics = {
  uuid: 'u-2',
  isStaff: false,
  staffJobFamily: null,
  isStudent: true,
  studyLevel: 'Undergraduate Year 2',
  programme: 'BSc Computer Science',
  school: 'Computing',
};

// Analytics starting shows as its first step: asking the server for the provider's settings.
const callApi = vi.fn((_route: { readonly id: string }) => Promise.resolve({ provider: 'none' }));
const analyticsStarts = () => callApi.mock.calls.filter(([route]) => route.id === 'analytics.config').length;

vi.mock('../../../../src/app/sync/useResource', () => ({
  useResource: () => ({ data: analyticsData, fetchedAt: undefined, isPending: false, isLoading: false, error: undefined }),
}));
vi.mock('../../../../src/app/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/app/api/client')>()),
  callApi: (route: { readonly id: string }) => callApi(route),
}));

type Page = Awaited<ReturnType<typeof loadModules>>;

async function loadModules() {
  const { ConsentBanner } = await import('../../../../src/app/features/analytics/ConsentBanner');
  const { AnalyticsChoice } = await import('../../../../src/app/features/analytics/AnalyticsChoice');
  const { useAnalytics } = await import('../../../../src/app/features/analytics/useAnalytics');
  const { writeConsent } = await import('../../../../src/app/features/analytics/consentCookie');
  const { setActiveUser } = await import('../../../../src/app/db/activeUser');
  return { ConsentBanner, AnalyticsChoice, useAnalytics, writeConsent, setActiveUser };
}

/**
 * A page load on a browser holding these cookies: the app's modules start afresh and read them
 * (the mocks above stay), and `user` is the signed-in user.
 */
async function loadPage(values: Readonly<Record<string, string | null>>, user: SignedInUserInfo): Promise<Page> {
  for (const [name, value] of Object.entries(values)) {
    document.cookie = value === null ? `${name}=; Path=/; Max-Age=0` : `${name}=${value}; Path=/`;
  }
  vi.resetModules();
  const page = await loadModules();
  page.setActiveUser(user);
  current = page;
  return page;
}

let current: Page | undefined;

const studentA = amara({ userId: '1', userName: 'student' });
const studentB = amara({ userId: '2', userName: 'student2', userFirstName: 'Ben', userDisplayName: 'Ben Jones' });

const banner = () => screen.queryByRole('region', { name: 'Can we measure how the app is used?' });

function cookieValue(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

function showSignedInArea({ ConsentBanner, AnalyticsChoice, useAnalytics }: Page) {
  function AnalyticsStarter() {
    useAnalytics();
    return null;
  }
  return render(
    <MemoryRouter>
      <AnalyticsStarter />
      <ConsentBanner isShown />
      <AnalyticsChoice />
    </MemoryRouter>,
  );
}

const noAnswer = { AnalyticsConsent: null, AnalyticsConsentUser: null } as const;

beforeEach(() => {
  callApi.mockClear();
});

afterEach(() => {
  act(() => current?.setActiveUser(null));
  current = undefined;
  delete window.dataLayer;
  for (const name of Object.keys(noAnswer)) document.cookie = `${name}=; Path=/; Max-Age=0`;
});

describe('analytics consent bound to the user who gave it', () => {
  it("A's yes holds for A: no banner, and analytics starts", async () => {
    showSignedInArea(await loadPage({ AnalyticsConsent: 'granted', AnalyticsConsentUser: consentOwnerMarker('student') }, studentA));
    expect(banner()).toBeNull();
    expect(screen.getByText(/You have allowed analytics on this device\./)).toBeInTheDocument();
    expect(analyticsStarts()).toBe(1);
  });

  it("A's yes does not hold for B: the banner asks again, and nothing starts until B says yes", async () => {
    showSignedInArea(await loadPage({ AnalyticsConsent: 'granted', AnalyticsConsentUser: consentOwnerMarker('student') }, studentB));
    expect(banner()).not.toBeNull();
    expect(screen.getByText(/You have not answered the analytics question yet\./)).toBeInTheDocument();
    expect(analyticsStarts()).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner()).toBeNull();
    expect(analyticsStarts()).toBe(1);
    // The answer is now B's, and so no longer A's.
    expect(cookieValue('AnalyticsConsent')).toBe('granted');
    expect(cookieValue('AnalyticsConsentUser')).toBe(consentOwnerMarker('student2'));
  });

  it("A's no does not hold for B either: B is asked", async () => {
    showSignedInArea(await loadPage({ AnalyticsConsent: 'denied', AnalyticsConsentUser: consentOwnerMarker('student') }, studentB));
    expect(banner()).not.toBeNull();
  });

  it('an answer nobody owns (given before answers had owners) is asked again, and starts nothing', async () => {
    showSignedInArea(await loadPage({ AnalyticsConsent: 'granted', AnalyticsConsentUser: null }, studentA));
    expect(banner()).not.toBeNull();
    expect(analyticsStarts()).toBe(0);
  });

  it('asks again as soon as another user becomes active on the page', async () => {
    const page = await loadPage({ AnalyticsConsent: 'granted', AnalyticsConsentUser: consentOwnerMarker('student') }, studentA);
    showSignedInArea(page);
    expect(banner()).toBeNull();
    callApi.mockClear();
    act(() => page.setActiveUser(studentB));
    expect(banner()).not.toBeNull();
    expect(analyticsStarts()).toBe(0);
  });

  it('writes the answer with its owner, the active user by default', async () => {
    const page = await loadPage(noAnswer, studentB);
    page.writeConsent('denied');
    expect(cookieValue('AnalyticsConsent')).toBe('denied');
    expect(cookieValue('AnalyticsConsentUser')).toBe(consentOwnerMarker('student2'));
  });
});

describe('the user analytics data in the data layer', () => {
  afterEach(() => {
    delete window.dataLayer;
  });

  it('has no visa status when the server leaves it out, and carries it when the server sends it', async () => {
    const { pushUserData, dataLayer } = await import('../../../../src/app/features/analytics/dataLayer');
    pushUserData(analyticsData);
    expect(dataLayer().at(-1)).not.toHaveProperty('isStudentVisaHolder');
    pushUserData({ ...analyticsData, isStudentVisaHolder: true });
    expect(dataLayer().at(-1)).toMatchObject({ isStudentVisaHolder: true });
  });
});
