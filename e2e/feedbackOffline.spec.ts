import type { FeedbackList } from '../src/shared/contract/adminFeedback';
import type { FeedbackPromptDate } from '../src/shared/contract/feedback';
import { expect, test } from './fixtures';
import { FeedbackPages } from './pages/FeedbackPages';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Issue 19: feedback written offline waits in the outbox, survives a reload and closing the app,
// and reaches the server exactly once when the app is reopened online. Its own server.
useOwnServer(test);

test('feedback sent offline survives a reload, then arrives once when the app is reopened online', async ({ page, context, newContext, signInAs, expectNoAxeViolations }) => {
  await signInAs('staff');
  const feedback = new FeedbackPages(page);
  await feedback.gotoForm();
  await expect(feedback.form.heading).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await feedback.rating(2).check();
  await feedback.form.comments.fill('Written on the train.');
  await feedback.form.send.click();
  await expect(feedback.form.queued).toBeVisible();
  await expectNoAxeViolations();

  await page.reload();
  await expect(feedback.form.heading).toBeVisible();
  await expect(feedback.form.queued).toBeVisible();
  await page.close();
  await context.setOffline(false);

  const reopened = await context.newPage();
  await reopened.goto('/user/settings/feedback');
  await expect(new FeedbackPages(reopened).form.heading).toBeVisible();
  await expect
    .poll(async () => ((await (await context.request.get('/api/user/feedbackprompt/date')).json()) as FeedbackPromptDate).providedFeedback, {
      timeout: 30_000,
      intervals: [500, 1000],
    })
    .toBe(true);
  await expect(new FeedbackPages(reopened).form.queued).toHaveCount(0);

  const admin = await newContext();
  try {
    await signInOn(await admin.newPage(), 'admin');
    const list = (await (await admin.request.get('/api/admin/feedback')).json()) as FeedbackList;
    expect(list.items.filter((item) => item.userName === 'staff')).toEqual([
      expect.objectContaining({ rating: 2, comments: 'Written on the train.', category: null }),
    ]);
  } finally {
    await admin.close();
  }
});
