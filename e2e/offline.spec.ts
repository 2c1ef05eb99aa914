import { expect, test } from './fixtures';
import { AppearanceSettingsPage } from './pages/AppearanceSettingsPage';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// This file stops and restarts its own server.
const server = useOwnServer(test);
test.describe.configure({ mode: 'serial' });

const updatedAt = /Updated \d{2}:\d{2}/;

test('with the app loaded once, the shell and cached home data render with the server down', async ({ page, signInAs }) => {
  await signInAs('student');
  await waitForServiceWorkerControl(page);
  await expect(page.getByText(updatedAt).first()).toBeVisible();

  await server.stop();
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText(updatedAt).first()).toBeVisible();
  } finally {
    await server.start();
  }
});

test('a theme change made while the server is down applies at once and reaches the server when it returns', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs('student');
  await waitForServiceWorkerControl(page);
  await page.goto('/user/settings/appearance');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeVisible();

  await server.stop();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The theme shows at once; the status says when the change is queued on the device, which a
  // reload straight after the click could otherwise beat.
  await expect(new AppearanceSettingsPage(page).saveStatus).toHaveText(/^(Saving…|Saved offline, will sync)$/);

  // A reload in between, still offline: the change is kept, and still waiting to be sent.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  await server.start();
  // No reload: the queued write is replayed by itself.
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/user/preferences/userapi');
      return response.ok() ? response.json() : null;
    }, {
      timeout: 90_000,
      intervals: [1000],
    })
    .toMatchObject({ theme: 'Dark' });
});
