import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ResourcesPage } from './pages/ResourcesPage';
import { useOwnServer } from './support/ownServer';
import { expectCards } from './support/phoneCards';
import { signInOn } from './support/signIn';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Its own server and database: these tests add a category and a link that other specs' lists
// would otherwise see. In file order.
useOwnServer(test);
test.describe.configure({ mode: 'serial' });

const adminScreens = ['/admin/rules', '/admin/categories', '/admin/links', '/admin/adgroups'] as const;
const main = (page: Page) => page.getByRole('main');
const editor = (page: Page) => main(page).getByRole('form');
/**
 * The admin area's lazy UI chunks (Vite names them after their modules). The contract's admin
 * schemas are not among them: the outbox looks routes up in `allRoutes`, so they travel with the
 * shared contract.
 */
const adminChunk = /\/(AdminLayout|AdminTable|RulesPage|LinksPage|CategoriesPage|AdGroupsPage)-[\w-]+\.js$/;

async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('button', { name: button }).click()]);
  const file = await (download as Download).path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

test('an administrator adds a category and a link for "Teaching staff": lecturer sees it, student does not; the links table exports as CSV and JSON', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(180_000);
  await signInAs('admin');

  // A category, with the live tile preview following the SPEC luminosity rule.
  await page.goto('/admin/categories');
  await main(page).getByRole('button', { name: 'Add a category' }).click();
  await editor(page).getByLabel('Name', { exact: true }).fill('Staff tools');
  const hex = editor(page).getByLabel('Colour (hex)');
  await hex.fill('#FFD166');
  const tile = editor(page).getByTestId('tile-preview');
  await expect(tile).toHaveText('Staff tools');
  await expect(tile).toHaveCSS('color', 'rgb(0, 0, 0)');
  await hex.fill('#0b3d2e');
  await expect(tile).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expectNoAxeViolations();
  await main(page).getByRole('button', { name: 'Save category' }).click();
  await expect(main(page).getByRole('table', { name: 'Categories' }).getByRole('cell', { name: 'Staff tools', exact: true })).toBeVisible();

  // A link: http is refused with the reason next to the field; https targeted to the rule is saved.
  await page.goto('/admin/links');
  await main(page).getByRole('button', { name: 'Add a link' }).click();
  await editor(page).getByLabel('Display name').fill('Marking portal');
  await editor(page).getByLabel('URL').fill('http://marking.example.ac.uk/');
  await editor(page).getByLabel('Description').fill('=HYPERLINK("https://evil.example","Click")');
  await editor(page).getByLabel('Category').selectOption({ label: 'Staff tools' });
  await editor(page).getByRole('group', { name: 'Audience rules' }).getByLabel('Teaching staff').check();
  await main(page).getByRole('button', { name: 'Save link' }).click();
  await expect(main(page).getByRole('alert')).toContainText('url: Enter a full https:// address');
  await editor(page).getByLabel('URL').fill('https://marking.example.ac.uk/');
  await main(page).getByRole('button', { name: 'Save link' }).click();
  const table = main(page).getByRole('table', { name: 'Links' });
  await main(page).getByRole('searchbox', { name: 'Search links' }).fill('marking');
  const row = table.getByRole('row').filter({ hasText: 'Marking portal' });
  await expect(row).toContainText('Teaching staff');
  await expect(row).toContainText('Staff tools');

  // Export the rows found, every column: CSV (formula defused) and JSON.
  await main(page).getByRole('searchbox', { name: 'Search links' }).fill('');
  await main(page).getByText('Export', { exact: true }).click();
  const csv = await downloaded(page, 'Export CSV');
  expect(csv.name).toBe('links.csv');
  const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('"Name","URL","Description","Category","Audience","Active","Opens (28 days)","Favourites"');
  expect(lines).toContain(`"Marking portal","https://marking.example.ac.uk/","'=HYPERLINK(""https://evil.example"",""Click"")","Staff tools","Teaching staff","true",0,0`);
  expect(lines.filter(Boolean).length).toBeGreaterThan(20);
  await main(page).getByRole('group', { name: /Columns to export/ }).getByLabel('Description').uncheck();
  const json = await downloaded(page, 'Export JSON');
  expect(json.name).toBe('links.json');
  const items = JSON.parse(json.text) as Record<string, unknown>[];
  expect(items.find((item) => item.displayName === 'Marking portal')).toEqual({
    displayName: 'Marking portal', url: 'https://marking.example.ac.uk/', categoryName: 'Staff tools', rules: ['Teaching staff'], isActive: true, opens28Days: 0, favouriteCount: 0,
  });
  expect(items.length).toBe(lines.filter(Boolean).length - 1);

  // Who sees it on Resources.
  for (const [persona, isShown] of [['lecturer', true], ['student', false]] as const) {
    const context = await newContext();
    const other = await context.newPage();
    await signInOn(other, persona);
    const resources = new ResourcesPage(other);
    await resources.goto();
    await expect(resources.allResources.getByRole('link', { name: /Moodle/ }).first()).toBeVisible();
    await expect(resources.allResources.getByRole('link', { name: /Marking portal/ })).toHaveCount(isShown ? 1 : 0);
    await context.close();
  }
});

test('a rule previews how many users match, with a sample', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/admin/rules');
  await expect(main(page).getByRole('table', { name: 'Rules' }).getByRole('cell', { name: 'Teaching staff', exact: true }).first()).toBeVisible();
  await main(page).getByRole('button', { name: 'Add a rule' }).click();
  await editor(page).getByRole('group', { name: 'Roles' }).getByLabel('Teaching staff').check();
  await main(page).getByRole('button', { name: 'Preview matching users' }).click();
  const preview = main(page).getByRole('status').filter({ hasText: /match/ });
  await expect(preview).toContainText(/\d+ users? match/);
  await expect(preview.getByRole('listitem').filter({ hasText: '(lecturer)' })).toBeVisible();
});

test('every admin screen is axe-clean on desktop and phone; on a phone the tabs scroll sideways with a visible cue', async ({ page, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(180_000);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signInAs('admin');
  for (const path of adminScreens) {
    await page.goto(path);
    await expect(main(page).getByRole('table')).toBeVisible();
    await expectNoAxeViolations();
  }
  // The chunk names the student test looks for are the ones an administrator loads.
  const loaded = new Set(scripts.flatMap((path) => adminChunk.exec(path)?.[1] ?? []));
  expect([...loaded].sort()).toEqual(['AdGroupsPage', 'AdminLayout', 'AdminTable', 'CategoriesPage', 'LinksPage', 'RulesPage']);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of adminScreens) {
    await page.goto(path);
    await expect(main(page).getByRole('table')).toBeVisible();
    await expectNoAxeViolations();
  }
  await page.goto('/admin/rules');
  const tabs = page.getByRole('navigation', { name: 'Admin pages' });
  const list = tabs.getByRole('list');
  const widths = await list.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  const more = tabs.getByRole('button', { name: 'More tabs' });
  await expect(more).toBeVisible();
  await more.click();
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(tabs.getByRole('button', { name: 'Scroll tabs back' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
});

test('on a phone the links are cards, and the sort buttons above them are buttons that sort from the keyboard', async ({ page, signInAs, expectNoAxeViolations }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin');
  await page.goto('/admin/links');
  const table = main(page).getByRole('table', { name: 'Links' });
  await expectCards(table, ['Name', 'URL', 'Category']);
  const heading = table.getByRole('columnheader', { name: 'Name', exact: true });
  await expect(heading).toHaveAttribute('aria-sort', 'none');
  const sortByName = table.getByRole('button', { name: 'Sort by Name', exact: true });
  // It looks like the app's other buttons: a frame, and a finger's height.
  const look = await sortByName.evaluate((button) => ({ border: getComputedStyle(button).borderTopWidth, height: button.getBoundingClientRect().height }));
  expect(look.border).toBe('1px');
  expect(look.height).toBeGreaterThanOrEqual(44);
  // Reached with Tab from the search box (past Export and the table's scroll region), with a visible focus ring.
  await main(page).getByRole('searchbox', { name: 'Search links' }).focus();
  for (let presses = 0; presses < 4 && !(await sortByName.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(sortByName).toBeFocused();
  expect(await sortByName.evaluate((button) => `${getComputedStyle(button).outlineStyle} ${getComputedStyle(button).outlineWidth}`)).toBe('solid 3px');
  const names = () => table.locator('tbody td[data-label="Name"]').allInnerTexts();
  const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
  await page.keyboard.press('Enter');
  await expect(heading).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('button', { name: 'Sort by Name, sorted ascending' })).toBeFocused();
  const ascending = await names();
  expect(ascending.length).toBeGreaterThan(1);
  expect(ascending).toEqual([...ascending].sort(byName));
  await page.keyboard.press('Space');
  await expect(heading).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('button', { name: 'Sort by Name, sorted descending' })).toBeFocused();
  const descending = await names();
  expect(descending).toEqual([...descending].sort(byName).reverse());
  await expectCards(table, ['Name', 'URL', 'Category']);
  await expectNoAxeViolations();
});

test('offline, an admin page says so plainly and keeps what was typed', async ({ page, context, signInAs }) => {
  await signInAs('admin');
  await page.goto('/admin/links');
  await main(page).getByRole('button', { name: 'Add a link' }).click();
  await editor(page).getByLabel('Display name').fill('Half-typed link');
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toContainText('What you have typed stays on this page');
  await expect(main(page).getByRole('button', { name: 'Save link' })).toBeDisabled();
  await expect(editor(page).getByLabel('Display name')).toHaveValue('Half-typed link');
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toHaveCount(0);
  await expect(editor(page).getByLabel('Display name')).toHaveValue('Half-typed link');
  await expect(main(page).getByRole('button', { name: 'Save link' })).toBeEnabled();
});

test('a student never downloads the admin section', async ({ page, signInAs }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signInAs('student');
  await new ResourcesPage(page).goto();
  await page.goto('/home');
  await expect(page.getByRole('main')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => adminChunk.test(path))).toEqual([]);
});
