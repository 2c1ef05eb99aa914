import { expect, type Page } from '@playwright/test';
import type { PersonaName } from '../fixtures';
import { LandingPage } from '../pages/LandingPage';
import { PersonaPicker } from '../pages/PersonaPicker';
import { userProfileRoute } from '../../src/shared/contract/user';
import { answerFirstRunBanners } from './firstRun';
import { carriesAnswer, nextPageLoad, untilAnswerTaken } from './pageAnswers';

interface SignInOptions {
  /** Leaves the first-run banners unanswered (consent, tour prompt, install); signs in through the picker. */
  readonly isFirstRun?: boolean;
  /** Signs in the way a person does: landing page, 'Sign in', then the persona on the server's picker. */
  readonly throughPicker?: boolean;
  /**
   * Waits for the profile's first load and its overlay (`untilStarted`); true unless the test holds
   * the profile back itself.
   */
  readonly waitForStartup?: boolean;
}

/** The landing page's 'Sign in', then the persona's button on the server's demo picker. */
async function signInThroughPicker(page: Page, userName: PersonaName, isFirstRun: boolean, waitForStartup: boolean): Promise<void> {
  const landing = new LandingPage(page);
  await landing.goto();
  if (!isFirstRun) await answerFirstRunBanners(page, userName);
  await landing.signIn();
  await untilStarted(page, waitForStartup, async () => {
    await new PersonaPicker(page).choose(userName);
    await page.waitForURL('**/home');
  });
}

/**
 * Opens /home (through `open`) and waits until the app has finished starting for the new session:
 * the profile's first load has answered and its full-screen overlay (which makes the app inert,
 * SPEC §2) is gone, so the profile is cached and later page loads start unblocked. The load starts
 * in the same render that raises the overlay, so once it has answered (or taken the page's answer)
 * the overlay is either up or already gone; waiting for it to be absent is then safe.
 */
async function untilStarted(page: Page, waitForStartup: boolean, open: () => Promise<unknown>): Promise<void> {
  if (!waitForStartup) {
    await open();
    return;
  }
  // The profile comes in the page itself (a signed-in load carries its start-up's answers,
  // src/server/http/pageAnswers.ts), or from the network when the page did not carry it.
  const profilePath = userProfileRoute.path;
  const fromNetwork = page.waitForResponse((response) => new URL(response.url()).pathname === profilePath && response.ok());
  const pageLoad = nextPageLoad(page, '/home');
  // Only one of them is awaited; the other may still be waiting when the page closes.
  for (const waiting of [fromNetwork, pageLoad]) waiting.catch(() => undefined);
  await open();
  if (carriesAnswer(await (await pageLoad).text(), profilePath)) await untilAnswerTaken(page, profilePath);
  else await fromNetwork;
  await expect(page.getByText('Fetching your enrolment status...')).toHaveCount(0);
}

/**
 * What the picker's button does (src/server/auth/demoPicker.ts), from the page's own session: an
 * antiforgery token, then the demo sign-in with it. The page is on the server's origin first (its
 * small JSON answer, not the app), so the banners' answers can be written there.
 */
async function signInThroughApi(page: Page, userName: PersonaName, waitForStartup: boolean): Promise<void> {
  await page.goto('/api/user/info');
  await answerFirstRunBanners(page, userName);
  const tokenResponse = await page.request.get('/api/antiforgerytoken');
  expect(tokenResponse.status(), 'the antiforgery token').toBe(200);
  const { token } = (await tokenResponse.json()) as { token: string };
  const response = await page.request.post('/api/user/signin/demo', { headers: { 'x-xsrf-token': token }, data: { userName } });
  expect(response.status(), `the demo sign-in of ${userName}`).toBeLessThan(300);
  await untilStarted(page, waitForStartup, () => page.goto('/home'));
}

/**
 * Signs `page` in as a demo persona and leaves it on /home. The `signInAs` fixture does it on the
 * test's own page; a test with a second browser context (the same student on another device) calls
 * it on that context's page.
 *
 * Unless the test is about them, the first-run banners have been answered (e2e/support/firstRun.ts)
 * and the session is opened the way the picker's button opens it, without loading the landing page
 * and the picker first: a page load less per test. The sign-in screens themselves are walked in
 * e2e/signin.spec.ts (`throughPicker`) and by every first-run test (`isFirstRun`).
 */
export async function signInOn(page: Page, userName: PersonaName, { isFirstRun = false, throughPicker = false, waitForStartup = true }: SignInOptions = {}): Promise<void> {
  if (isFirstRun || throughPicker) await signInThroughPicker(page, userName, isFirstRun, waitForStartup);
  else await signInThroughApi(page, userName, waitForStartup);
}
