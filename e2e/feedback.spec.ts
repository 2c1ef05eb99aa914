import type { APIRequestContext } from '@playwright/test';
import type { FeedbackList } from '../src/shared/contract/adminFeedback';
import type { FeedbackPromptDate } from '../src/shared/contract/feedback';
import { expect, test, type NewContext } from './fixtures';
import { FeedbackPages } from './pages/FeedbackPages';
import { HomePage } from './pages/HomePage';
import { useOwnServer } from './support/ownServer';
import { installDismissedKey } from './support/firstRun';
import { signInOn } from './support/signIn';

// Issue 19: the feedback prompt (SPEC §4) and form. Its own server: the tests record prompts and
// feedback. Time is moved on this device's clock (`context.clock`): the app decides whether the
// prompt is due from the prompt date the server recorded and the device's clock, and the server
// has no clock a test can set.
useOwnServer(test);

const DAY = 86_400_000;

async function promptDate(request: APIRequestContext): Promise<FeedbackPromptDate> {
  const response = await request.get('/api/user/feedbackprompt/date');
  expect(response.status()).toBe(200);
  return (await response.json()) as FeedbackPromptDate;
}

/** Every feedback, as an administrator reads it (signed in on a browser context of their own). */
async function feedbackAsAdmin(newContext: NewContext): Promise<FeedbackList> {
  const context = await newContext();
  try {
    const page = await context.newPage();
    await signInOn(page, 'admin');
    const response = await context.request.get('/api/admin/feedback');
    expect(response.status()).toBe(200);
    return (await response.json()) as FeedbackList;
  } finally {
    await context.close();
  }
}

/**
 * Reloads home and waits for its overview. The prompt is part of the overview's held content
 * (SPEC §4 layout hold): it shows with the widgets or not at all, decided from the prompt date the
 * app holds. So once a widget shows, "no prompt" is the app's answer, not a page still loading.
 * (Waiting for the app to fetch the prompt date again would not do: a fetch the previous page
 * started can land after the clock moved, and a copy that fresh is not fetched again.)
 */
async function reloadHomeAfter(page: import('@playwright/test').Page, firstName: string): Promise<void> {
  // Weeks later the install banner's 30-day dismissal has lapsed: the user dismisses it again on
  // the moved clock, so that only the feedback prompt is in question (a reload is the same visit,
  // when the banner would not come back anyway: issue 34 §2).
  await page.evaluate((key) => localStorage.setItem(key, String(Date.now())), installDismissedKey);
  await page.reload();
  await new HomePage(page).expectGreeting(firstName);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Popular resources' })).toBeVisible();
}

test('the prompt shows to a user never prompted, not again after dismissal, and again 14 days later', async ({ page, context, signInAs, expectNoAxeViolations }) => {
  await signInAs('student');
  const feedback = new FeedbackPages(page);
  expect((await promptDate(context.request)).lastPromptDate).toBeNull();
  await expect(feedback.prompt).toBeVisible();
  await expect(feedback.prompt).toContainText('Tell us what you think of Campus Companion');
  await expectNoAxeViolations();

  await feedback.notNow.click();
  await expect(feedback.prompt).toHaveCount(0);
  await expect.poll(async () => (await promptDate(context.request)).lastPromptDate, { timeout: 15_000 }).not.toBeNull();
  const recorded = await promptDate(context.request);
  expect(recorded.providedFeedback).toBe(false);
  const dismissedAt = Date.parse(recorded.lastPromptDate ?? '');

  await page.reload();
  await new HomePage(page).expectGreeting('Amara');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Your studies' })).toBeVisible();
  await expect(feedback.prompt).toHaveCount(0);

  // 13 days and 23 hours later: still too soon.
  await page.clock.setSystemTime(dismissedAt + 14 * DAY - 60 * 60_000);
  await reloadHomeAfter(page, 'Amara');
  await expect(feedback.prompt).toHaveCount(0);

  // Just past 14 days: it shows again.
  await page.clock.setSystemTime(dismissedAt + 14 * DAY + 60_000);
  await reloadHomeAfter(page, 'Amara');
  await expect(feedback.prompt).toBeVisible();
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('giving feedback from the prompt sends the form, stores it with its version, and the prompt stays away for 42 days', async ({ page, context, newContext, signInAs, expectNoAxeViolations }) => {
    await signInAs('lecturer');
    const feedback = new FeedbackPages(page);
    await expect(feedback.prompt).toBeVisible();
    await expectNoAxeViolations();

    await feedback.giveFeedback.click();
    await expect(page).toHaveURL(/\/user\/settings\/feedback$/);
    await expect(feedback.form.heading).toBeVisible();
    await feedback.form.send.click();
    await expect(page.getByRole('main').getByText('Please choose a rating')).toBeVisible();
    await expectNoAxeViolations();

    await feedback.rating(4).check();
    await feedback.form.topic.selectOption('Idea');
    await feedback.form.comments.fill('A dark map would be lovely.');
    await expect(page.getByRole('main').getByText('973 of 1000 characters left')).toBeVisible();
    await feedback.form.send.click();
    await expect(feedback.form.thanks).toBeVisible();

    await expect.poll(async () => (await promptDate(context.request)).providedFeedback, { timeout: 15_000 }).toBe(true);
    const list = await feedbackAsAdmin(newContext);
    const mine = list.items.filter((item) => item.userName === 'lecturer');
    expect(mine).toEqual([
      expect.objectContaining({ rating: 4, category: 'Idea', comments: 'A dark map would be lovely.', appVersion: expect.stringMatching(/^\d+\.\d+\.\d+/) }),
    ]);

    const sentAt = Date.parse((await promptDate(context.request)).lastPromptDate ?? '');
    await page.goto('/home');
    await page.clock.setSystemTime(sentAt + 42 * DAY - 60_000);
    await reloadHomeAfter(page, 'Helen');
    await expect(feedback.prompt).toHaveCount(0);
    await page.clock.setSystemTime(sentAt + 42 * DAY + 60_000);
    await reloadHomeAfter(page, 'Helen');
    await expect(feedback.prompt).toBeVisible();
  });
});
