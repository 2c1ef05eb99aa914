import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AdminImportsPage } from './pages/AdminImportsPage';
import { ProfilePage } from './pages/ProfilePage';
import { usersRenamedBundle } from './support/demoDelta';
import { findHorizontalOverflow } from './support/horizontalOverflow';
import { useOwnServer } from './support/ownServer';

/*
 * Issue 34 §5: long names break at sensible points (a space, after a hyphen), never mid-word, and
 * never stick out of a 390 px phone. The names are the server's: the university's import renames
 * `student` and her personal tutor (`lecturer`), as its student records system would.
 */
useOwnServer(test);
test.describe.configure({ mode: 'serial' });

const student = { givenName: 'Anna-Katharina Maximiliane Josephine', familyName: 'Wolfeschlegelstein-Featherstonehaugh de la Cruz Okafor-Adebayo' };
const tutor = { givenName: 'Helena-Marguerite', familyName: 'Oppenheimer-Vandersteenhoven Marsh' };
const nameOf = (person: { givenName: string; familyName: string }) => `${person.givenName} ${person.familyName}`;

/**
 * How the element's text is laid out: its number of lines, and each break that is not at a space
 * or after a hyphen (the text either side of it). Read character by character from the layout.
 */
async function lineBreaks(target: Locator): Promise<{ lines: number; midWord: string[] }> {
  return target.evaluate((element) => {
    const chars: { char: string; top: number | undefined }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const [rect] = [...range.getClientRects()].filter((box) => box.width > 0);
        chars.push({ char: text[index] ?? '', top: rect ? rect.top : undefined });
      }
    }
    let lines = 0;
    let lastTop: number | undefined;
    let lastShown = -1;
    const midWord: string[] = [];
    chars.forEach(({ top }, index) => {
      if (top === undefined) return;
      if (lastTop === undefined || top > lastTop + 4) {
        lines += 1;
        if (lastTop !== undefined) {
          const between = chars.slice(lastShown, index).map(({ char }) => char).join('');
          if (!/[\s-]/.test(between)) {
            const text = chars.map(({ char }) => char).join('');
            midWord.push(`${text.slice(Math.max(0, index - 12), index)}|${text.slice(index, index + 12)}`);
          }
        }
      }
      lastTop = top;
      lastShown = index;
    });
    return { lines, midWord };
  });
}

async function expectSensibleBreaks(page: Page, targets: readonly Locator[]): Promise<number[]> {
  const lines: number[] = [];
  for (const target of targets) {
    await expect(target).toBeVisible();
    const layout = await lineBreaks(target);
    expect(layout.midWord, `${await target.textContent()} breaks mid-word`).toEqual([]);
    lines.push(layout.lines);
  }
  const overflow = await findHorizontalOverflow(page);
  expect(overflow.offenders, 'nothing sticks out sideways').toEqual([]);
  expect(overflow.documentWidth).toBeLessThanOrEqual(overflow.viewportWidth);
  return lines;
}

test('the import renames the student and her personal tutor', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  const path = await usersRenamedBundle({ student, lecturer: tutor });
  await signInAs('admin');
  const imports = new AdminImportsPage(page);
  await imports.uploadFromAdminTabs(path);
  await expect(imports.state()).toHaveText('State: Ready to apply', { timeout: 30_000 });
  await expect(imports.countsOf('People (users)')).toHaveText(['0', '2', '0', '0']);
  await imports.report().getByRole('button', { name: 'Apply import…' }).click();
  await imports.dialog('Apply this import?').getByRole('button', { name: 'Apply import' }).click();
  await expect(imports.state()).toHaveText('State: Applied', { timeout: 30_000 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the profile wraps both long names at spaces and hyphens, inside the screen', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const profile = new ProfilePage(page);
    await profile.goto();
    const you = page.getByRole('main').getByRole('heading', { level: 2, name: nameOf(student) });
    const tutorName = profile.fact(profile.tutor, 'Name');
    await expect(tutorName).toHaveText(nameOf(tutor));
    const emailTutor = profile.tutor.getByRole('link', { name: `Email ${nameOf(tutor)}` });
    const [youLines = 0] = await expectSensibleBreaks(page, [you, tutorName, emailTutor]);
    // The student's name is too long for one line here: it did wrap.
    expect(youLines).toBeGreaterThan(1);
    await expectNoAxeViolations();
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test('the header and the profile show the long names whole, breaking only at spaces and hyphens', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const profile = new ProfilePage(page);
    await profile.goto();
    const headerName = profile.avatarLink.locator('.header-action__label');
    await expect(headerName).toHaveText(nameOf(student));
    const you = page.getByRole('main').getByRole('heading', { level: 2, name: nameOf(student) });
    const tutorName = profile.fact(profile.tutor, 'Name');
    await expect(tutorName).toHaveText(nameOf(tutor));
    await expectSensibleBreaks(page, [headerName, you, tutorName, profile.tutor.getByRole('link', { name: `Email ${nameOf(tutor)}` })]);
    // The header keeps its one row: the name takes at most two lines of it (cut with an ellipsis;
    // the link's name and the profile have it whole), and pushes nothing off the screen.
    const { height, lineHeight } = await headerName.evaluate((label) => ({ height: label.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(label).lineHeight) }));
    expect(height).toBeLessThanOrEqual(2 * lineHeight + 1);
    await expect(profile.avatarLink).toHaveAccessibleName(`Profile: ${nameOf(student)}`);
    const brand = page.getByRole('banner').locator('.brand__name');
    const brandLine = await brand.evaluate((name) => ({ height: name.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(name).lineHeight) }));
    expect(brandLine.height, 'the brand keeps its one line').toBeLessThan(1.5 * brandLine.lineHeight);
    await expectNoAxeViolations();
  });
});
