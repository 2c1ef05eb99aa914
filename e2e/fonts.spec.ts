import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AppearanceSettingsPage } from './pages/AppearanceSettingsPage';
import { findHorizontalOverflow } from './support/horizontalOverflow';
import { useOwnServer } from './support/ownServer';

// Issue 20, item 9: every font option really changes the font the page is drawn in, and 'Open
// Dyslexic' is the bundled OpenDyslexic (served by the app, fetched only once it is chosen).

// The tests change the student's saved font: a server of their own keeps that from the other specs.
useOwnServer(test);

const sample = 'Attendance, timetable and resources for Amara, 2026.';

/** The loaded faces of a family, as the page's FontFaceSet knows them. */
async function loadedFaces(page: Page, family: string): Promise<string[]> {
  return page.evaluate((name) => {
    const faces: string[] = [];
    document.fonts.forEach((face) => {
      if (face.family.replace(/['"]/g, '') === name && face.status === 'loaded') faces.push(`${face.weight} ${face.style}`);
    });
    return faces;
  }, family);
}

/** The font saved on the server for the signed-in user (the page request shares its session). */
async function savedFont(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/user/preferences/userapi')).json()) as { font: string }).font;
}

/** The width of a line of body text in the page's current font, once its fonts have loaded. */
async function sampleWidth(page: Page): Promise<number> {
  return page.evaluate(async (text) => {
    const probe = document.createElement('span');
    probe.textContent = text;
    probe.style.whiteSpace = 'nowrap';
    document.querySelector('main')?.append(probe);
    await document.fonts.load(`16px ${getComputedStyle(probe).fontFamily}`, text);
    await document.fonts.ready;
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  }, sample);
}

for (const device of ['desktop', 'phone'] as const) {
  test(`each font option draws the page in its own font (${device})`, async ({ page, signInAs, expectNoAxeViolations }) => {
    if (device === 'phone') await page.setViewportSize({ width: 390, height: 844 });
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url());
    });
    await signInAs('student');
    const appearance = new AppearanceSettingsPage(page);
    await appearance.goto();
    const font = (name: string) => page.getByRole('main').getByRole('radiogroup', { name: 'Font' }).getByRole('radio', { name, exact: true });

    await font('App Font').click();
    await expect(font('App Font')).toBeChecked();
    const appFontWidth = await sampleWidth(page);
    expect(await loadedFaces(page, 'Inter Variable')).not.toEqual([]);
    // Nothing of OpenDyslexic is fetched for a user who did not choose it.
    expect(fontRequests.filter((url) => /opendyslexic/i.test(url))).toEqual([]);

    await font('System').click();
    await expect(page.locator('html')).toHaveAttribute('data-font', 'system');
    const systemWidth = await sampleWidth(page);
    expect(systemWidth).not.toBeCloseTo(appFontWidth, 0);

    await font('Open Dyslexic').click();
    await expect(page.locator('html')).toHaveAttribute('data-font', 'open-dyslexic');
    // Its @font-face rules arrive with the chosen option, and a face loads once text asks for it:
    // draw the sample until the face has loaded, then measure.
    await expect
      .poll(async () => {
        await sampleWidth(page);
        return loadedFaces(page, 'OpenDyslexic');
      })
      .toContain('400 normal');
    const dyslexicWidth = await sampleWidth(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?OpenDyslexic"?,/);
    expect(dyslexicWidth).not.toBeCloseTo(systemWidth, 0);
    expect(dyslexicWidth).not.toBeCloseTo(appFontWidth, 0);
    // The file came from the app itself.
    const origin = new URL(page.url()).origin;
    const dyslexicFiles = fontRequests.filter((url) => /opendyslexic/i.test(url));
    expect(dyslexicFiles.length).toBeGreaterThan(0);
    for (const url of dyslexicFiles) expect(new URL(url).origin).toBe(origin);
    await expectNoAxeViolations();

    // Back to the app font: the page is drawn as at first again.
    await font('App Font').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-font');
    expect(await sampleWidth(page)).toBeCloseTo(appFontWidth, 0);
    // The page shows the app font at once, but the change reaches the server a moment later,
    // through the outbox. The next test signs the same student in afresh and must not find Open
    // Dyslexic saved: wait until the server has the app font before the page closes.
    await expect.poll(() => savedFont(page)).toBe('App Font');
  });
}

test('with Open Dyslexic, the wider letters still fit a 390 px phone on the student pages', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('student');
  const appearance = new AppearanceSettingsPage(page);
  await appearance.goto();
  const font = (name: string) => page.getByRole('main').getByRole('radiogroup', { name: 'Font' }).getByRole('radio', { name, exact: true });
  await font('Open Dyslexic').click();
  await expect(font('Open Dyslexic')).toBeChecked();
  // The choice shows at once, and reaches the device's outbox a moment later: leaving the page
  // before then would lose it (the next page would apply the older saved font). Wait until the
  // server has it, as the pages below read it from there.
  await expect.poll(() => savedFont(page), { timeout: 15_000 }).toBe('Open Dyslexic');
  try {
    for (const path of ['/home', '/timetable', '/attendance/current', '/attendance/previous', '/resources', '/user/notifications', '/user/profile', '/user/settings/appearance']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/Loading[^.…]*…/);
      // The saved font applies to this page first (from the preference cookie, or once the
      // signed-in area reads the saved preferences); only then does its face load.
      await expect(page.locator('html')).toHaveAttribute('data-font', 'open-dyslexic');
      await expect.poll(() => loadedFaces(page, 'OpenDyslexic')).toContain('400 normal');
      const overflow = await findHorizontalOverflow(page);
      expect(overflow.offenders, `elements past the right edge of ${path}`).toEqual([]);
      expect(overflow.documentWidth, `the document width of ${path}`).toBeLessThanOrEqual(overflow.viewportWidth);
    }
  } finally {
    await appearance.goto();
    await font('App Font').click();
    await expect(font('App Font')).toBeChecked();
    // Back to the app font on the server too, not only on this page, which closes next.
    await expect.poll(() => savedFont(page)).toBe('App Font');
  }
});
