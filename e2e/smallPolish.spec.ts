import type { APIRequestContext } from '@playwright/test';
import type { AbsenceConfig } from '../src/shared/contract/absences';
import { expect, test } from './fixtures';
import { openAbsenceDialog } from './support/absenceSpecs';
import { ResourcesPage } from './pages/ResourcesPage';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 20, item 10 (the smaller things): the calendar's weeks and year page, the phone's date
// and time in the SPEC's formats, the map page's menu label, the settings icon's tooltip, and the
// trending pictures served by the app.

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

async function dateLimits(request: APIRequestContext): Promise<{ min: string; max: string }> {
  const response = await request.get('/api/attendance/absences/config');
  expect(response.status()).toBe(200);
  const config = (await response.json()) as AbsenceConfig;
  return { min: config.dateLimits.minimum.slice(0, 10), max: config.dateLimits.maximum.slice(0, 10) };
}

test.describe('on a wide screen, with a US English browser', () => {
  test.use({ locale: 'en-US' });

  test('the calendar starts weeks on Monday and has a year page of 20 years within the limits', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const absence = await openAbsenceDialog(page);
    const { min, max } = await dateLimits(page.request);
    await absence.calendarButton('Start date').click();
    const popup = absence.calendarPopup('Start date');
    await expect(popup).toBeVisible();
    // The weekday row (hidden from assistive technology, which hears each day's full date).
    const weekdays = popup.locator('.calendar__weekday');
    await expect(weekdays).toHaveCount(7);
    await expect(weekdays).toHaveText(['M', 'T', 'W', 'T', 'F', 'S', 'S']);

    await popup.getByRole('button', { name: /choose a year/ }).click();
    const minYear = Number(min.slice(0, 4));
    const maxYear = Number(max.slice(0, 4));
    const first = Math.floor(minYear / 20) * 20;
    const years = popup.getByRole('group', { name: `Years ${first}–${first + 19}` });
    await expect(years.getByRole('button')).toHaveCount(20);
    await expect(years.getByRole('button', { name: String(minYear - 1) })).toBeDisabled();
    await expect(years.getByRole('button', { name: String(minYear) })).toBeEnabled();
    if (maxYear < first + 19) await expect(years.getByRole('button', { name: String(maxYear + 1) })).toBeDisabled();
    // The limits lie within one page of 20 years here, so neither arrow leaves it.
    if (maxYear <= first + 19) await expect(popup.getByRole('button', { name: 'Next 20 years' })).toBeDisabled();
    await expect(popup.getByRole('button', { name: 'Previous 20 years' })).toBeDisabled();
    await expectNoAxeViolations();

    // Picking the last allowed year goes back to a month of that year.
    await years.getByRole('button', { name: String(maxYear) }).click();
    await expect(popup.getByRole('button', { name: /choose a year/ })).toContainText(String(maxYear));
    await expect(popup.getByRole('grid')).toBeVisible();
  });

  test('the settings icon is named Settings and shows it as a tooltip', async ({ page, signInAs }) => {
    await signInAs('student');
    const settings = page.getByRole('banner').getByRole('link', { name: 'Settings' });
    const tooltip = page.getByRole('banner').getByRole('tooltip');
    await expect(tooltip).toBeHidden();
    await settings.hover();
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveText('Settings');
    await page.mouse.move(0, 400);
    await expect(tooltip).toBeHidden();
    await page.keyboard.press('Tab');
    await settings.focus();
    await expect(tooltip).toBeVisible();
  });
});

test.describe('on a phone, with a US English browser', () => {
  test.use({ ...phone, locale: 'en-US' });

  test('the native date and time inputs show the SPEC formats beside them', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const absence = await openAbsenceDialog(page);
    const { min } = await dateLimits(page.request);
    await absence.startDate.fill(min);
    const [year, month, day] = min.split('-');
    await expect(absence.startDate).toHaveAccessibleDescription(`${day}/${month}/${year}`);
    await absence.startTime.fill('15:30');
    await expect(absence.startTime).toHaveAccessibleDescription('15:30 (24-hour)');
    await expect(absence.dialog.getByText(`${day}/${month}/${year}`, { exact: true })).toBeVisible();
    await expectNoAxeViolations();
  });
});

test.describe('on a phone, with a British browser', () => {
  test.use({ ...phone, locale: 'en-GB' });

  test('the native inputs already show DD/MM/YYYY and 24 h, so nothing is repeated', async ({ page, signInAs }) => {
    await signInAs('student');
    const absence = await openAbsenceDialog(page);
    const { min } = await dateLimits(page.request);
    await absence.startDate.fill(min);
    await absence.startTime.fill('15:30');
    await expect(absence.startDate).not.toHaveAttribute('aria-describedby');
    await expect(absence.dialog.locator('.form-field__format')).toHaveCount(0);
  });
});

for (const device of ['desktop', 'phone'] as const) {
  test.describe(`on ${device === 'phone' ? 'a phone' : 'a wide screen'}`, () => {
    if (device === 'phone') test.use(phone);

    test('the map page names the timetable menu entry after its room', async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      await page.goto('/timetable/map/B.2.14');
      const menu = page.getByRole('navigation', { name: 'Main' });
      await expect(menu.getByRole('link', { name: 'B.2.14' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Timetable' })).toHaveCount(0);
      await expectNoAxeViolations();
      await page.goto('/timetable');
      await expect(menu.getByRole('link', { name: 'Timetable' })).toBeVisible();
    });

    test('the trending pictures are the app’s own and they load', async ({ page, signInAs }) => {
      await signInAs('student');
      const resources = new ResourcesPage(page);
      await resources.goto();
      const images = resources.trending.locator('img');
      await expect(images.first()).toBeVisible();
      const origin = new URL(page.url()).origin;
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        // The attribute, resolved as the browser does: a lazy picture's currentSrc is '' until it starts loading.
        const src = await image.evaluate((element: HTMLImageElement) => element.src);
        expect(new URL(src, page.url()).origin).toBe(origin);
        await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
      }
      // None fell back to the neutral tile a broken picture gets.
      await expect(resources.trending.locator('.trending-card__image--fallback')).toHaveCount(0);
    });
  });
}

// Issue 34 §5, the map page on a phone: the map first, then the room's building and floor, and a
// "Directions" link into the device's maps app (a geo: URI on Android), the web as the fallback.
/** The id of a room the campus map places (the demo estate's first). */
async function roomOnTheMap(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/timetable/campus');
  expect(response.status()).toBe(200);
  const campus = (await response.json()) as { features: { properties: { kind: string; id: string } }[] };
  const room = campus.features.find((feature) => feature.properties.kind === 'room');
  if (!room) throw new Error('the campus map has no rooms');
  return room.properties.id;
}

const androidPhone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
} as const;

test.describe('on an Android phone', () => {
  test.use(androidPhone);

  test('the map leads the page, the building and floor follow it, and Directions opens the maps app', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const roomId = await roomOnTheMap(page.request);
    await page.goto(`/timetable/map/${roomId}`);
    await expect(page.getByRole('heading', { level: 1, name: roomId })).toBeVisible();
    const map = page.getByRole('figure', { name: `Campus map with room ${roomId} highlighted` });
    const details = page.getByRole('region').filter({ hasText: 'Building' });
    await expect(map).toBeVisible();
    await expect(details).toBeVisible();
    const mapBox = await map.boundingBox();
    const detailsBox = await details.boundingBox();
    expect(mapBox && detailsBox && mapBox.y + mapBox.height <= detailsBox.y, 'the map sits above the details').toBe(true);
    await expect(details.getByText('Building', { exact: true })).toBeVisible();
    await expect(details.getByText('Floor', { exact: true })).toBeVisible();

    const directions = details.getByRole('link', { name: 'Directions (opens your maps app)' });
    await expect(directions).toHaveAttribute('href', /^geo:-?\d+(\.\d+)?,-?\d+(\.\d+)?\?q=/);
    await expect(directions).not.toHaveAttribute('target', /./);
    // Beside it, the https fallback for a phone with no maps app, to the same place.
    const fallback = details.getByRole('link', { name: 'Directions on the web (opens OpenStreetMap)' });
    await expect(fallback).toBeVisible();
    const at = /^geo:(-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?)\?/.exec((await directions.getAttribute('href')) ?? '')?.[1] ?? 'none';
    await expect(fallback).toHaveAttribute('href', `https://www.openstreetmap.org/directions?route=%3B${encodeURIComponent(at)}`);
    await expect(fallback).toHaveAttribute('target', '_blank');
    const [directionsBox, fallbackBox] = [await directions.boundingBox(), await fallback.boundingBox()];
    expect(directionsBox && fallbackBox && fallbackBox.x + fallbackBox.width <= 390 && directionsBox.x + directionsBox.width <= 390, 'both fit the phone').toBe(true);
    await expectNoAxeViolations();
  });
});

test.describe('on an iPhone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });

  test('the map leads the page, and Directions is an https link that opens Apple Maps (no geo: link, which an iPhone cannot open)', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const roomId = await roomOnTheMap(page.request);
    await page.goto(`/timetable/map/${roomId}`);
    const map = page.getByRole('figure', { name: `Campus map with room ${roomId} highlighted` });
    const details = page.getByRole('region').filter({ hasText: 'Building' });
    await expect(map).toBeVisible();
    const mapBox = await map.boundingBox();
    const detailsBox = await details.boundingBox();
    expect(mapBox && detailsBox && mapBox.y + mapBox.height <= detailsBox.y, 'the map sits above the details').toBe(true);
    const directions = details.getByRole('link', { name: 'Directions (opens Apple Maps)' });
    await expect(directions).toHaveAttribute('href', /^https:\/\/maps\.apple\.com\/\?daddr=-?\d+(\.\d+)?,-?\d+(\.\d+)?&q=/);
    await expect(details.locator('a[href^="geo:"]')).toHaveCount(0);
    await expect(details.getByRole('link', { name: /^Directions/ })).toHaveCount(1);
    await expectNoAxeViolations();
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test('the details sit left of the map, and Directions opens OpenStreetMap in a new tab', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const roomId = await roomOnTheMap(page.request);
    await page.goto(`/timetable/map/${roomId}`);
    const map = page.getByRole('figure', { name: `Campus map with room ${roomId} highlighted` });
    const details = page.getByRole('region').filter({ hasText: 'Building' });
    await expect(map).toBeVisible();
    const mapBox = await map.boundingBox();
    const detailsBox = await details.boundingBox();
    expect(mapBox && detailsBox && detailsBox.x + detailsBox.width <= mapBox.x, 'the details sit to the left of the map').toBe(true);
    expect(mapBox && detailsBox && Math.abs(mapBox.y - detailsBox.y) < 2, 'side by side, top-aligned').toBe(true);

    const directions = details.getByRole('link', { name: 'Directions (opens OpenStreetMap)' });
    await expect(directions).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/directions\?route=%3B/);
    await expect(directions).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations();
  });
});
