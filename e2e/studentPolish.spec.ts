import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AttendancePages } from './pages/AttendancePages';
import { ProfilePage } from './pages/ProfilePage';
import { ResourcesPage } from './pages/ResourcesPage';
import { SupportDialog } from './pages/SupportDialog';
import { openAbsenceDialog } from './support/absenceSpecs';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';

// Issue 34 §5, the student-facing polish: toasts that name their item (two Undo toasts each
// restore their own), the referral cooldown's date, disabled buttons that look disabled, email
// addresses that wrap only after '@' or '.', and the evidence hint that goes once a file is there.

useOwnServer(test);

const devices = {
  desktop: { viewport: { width: 1280, height: 860 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

/** The student's favourite link names, as the server holds them. */
async function serverFavourites(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/user/favourites/resources');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { displayName: string }[]).map((favourite) => favourite.displayName);
}

/** The toast showing exactly `text`. */
function toastWith(page: Page, text: string): Locator {
  return page
    .getByRole('region', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });
}

/** WCAG contrast ratio of an element's text colour on its own background colour (both opaque rgb()). */
function contrastOf(element: Element): number {
  const style = getComputedStyle(element);
  const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The characters of an element's text after which its lines break, measured from the rendered
 * glyphs (Range.getClientRects per character); and how many lines it takes.
 */
function lineBreaksOf(element: Element): { lines: number; breaksAfter: string[]; text: string } {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const glyphs: { char: string; top: number }[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let index = 0; index < text.length; index++) {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const rect = range.getClientRects()[0];
      if (rect) glyphs.push({ char: text.charAt(index), top: rect.top });
    }
  }
  const breaksAfter: string[] = [];
  for (let index = 1; index < glyphs.length; index++) {
    const [before, after] = [glyphs[index - 1], glyphs[index]];
    if (before && after && after.top > before.top + 2) breaksAfter.push(glyphs.slice(0, index).map((glyph) => glyph.char).join(''));
  }
  return { lines: breaksAfter.length + 1, breaksAfter, text: glyphs.map((glyph) => glyph.char).join('') };
}

for (const [device, options] of Object.entries(devices)) {
  test.describe(`on ${device === 'phone' ? 'a phone' : 'a wide screen'}`, () => {
    test.use(options);
    test.describe.configure({ timeout: 90_000 });

    test('two favourites removed in a row: each toast names its item, and each Undo restores its own', async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      const resources = new ResourcesPage(page);
      await resources.goto();
      await expect(resources.favourites.getByRole('link').first()).toBeVisible();
      const before = await serverFavourites(page.request);
      const [first = '', second = ''] = before;
      expect(second, 'the student has two seeded favourites').not.toBe('');
      const firstText = `Removed '${first}' from favourites`;
      const secondText = `Removed '${second}' from favourites`;

      await resources.setFavourite(first, false);
      await expect(toastWith(page, firstText)).toBeVisible();
      await resources.setFavourite(second, false);
      await expect(toastWith(page, secondText)).toBeVisible();
      await expect(toastWith(page, firstText)).toBeVisible();
      await expect(resources.favouriteLink(first)).toHaveCount(0);
      await expect(resources.favouriteLink(second)).toHaveCount(0);
      // Both Undo buttons carry their toast's text as their description.
      await expect(toastWith(page, firstText).getByRole('button', { name: 'Undo' })).toHaveAccessibleDescription(firstText);
      await expect(toastWith(page, secondText).getByRole('button', { name: 'Undo' })).toHaveAccessibleDescription(secondText);
      // The toasts close after 6 s: the clock stands still (a second on) while axe looks at both.
      await page.clock.pauseAt((await pageTime(page)) + 1000);
      await expectNoAxeViolations(page, { isClockPaused: true });
      await page.clock.resume();

      // The older toast's Undo restores the first item only, the newer one's the second.
      await toastWith(page, firstText).getByRole('button', { name: 'Undo' }).click();
      await expect(resources.favouriteLink(first)).toBeVisible();
      await expect(resources.favouriteLink(second)).toHaveCount(0);
      await expect(toastWith(page, firstText)).toHaveCount(0);
      await toastWith(page, secondText).getByRole('button', { name: 'Undo' }).click();
      await expect(resources.favouriteLink(second)).toBeVisible();
      await expect.poll(async () => (await serverFavourites(page.request)).sort()).toEqual([...before].sort());
      await expectNoAxeViolations();
    });

    test('the referral cooldown says from when another request can be sent, and its disabled Submit looks disabled', async ({ page, signInAs, expectNoAxeViolations }) => {
      // student2's seeded referral was sent 6 days before the e2e clock's start (Mon 5 October 2026,
      // 08:55 BST): 29 September 08:55 BST. 30 × 24 hours later is 29 October 07:55 GMT, so the first
      // whole day a new request is accepted is 30 October.
      await signInAs('student2');
      await new AttendancePages(page).gotoCurrent();
      const support = new SupportDialog(page);
      await support.openDialog();
      await expect(support.cooldownNotice).toHaveText(
        'You have recently been referred to Student Support. Please wait before submitting another. You can send another request from 30 October.',
      );

      // Disabled, and seen to be: dashed outline, no primary fill, the pointer says no, and its
      // label still readable (4.5:1) without any fading.
      const cancel = support.dialog.getByRole('button', { name: 'Cancel' });
      await expect(support.submit).toBeDisabled();
      await expect(cancel).toBeEnabled();
      await expect(support.submit).toHaveCSS('border-top-style', 'dashed');
      await expect(support.submit).toHaveCSS('cursor', 'not-allowed');
      await expect(support.submit).toHaveCSS('opacity', '1');
      await expect(cancel).toHaveCSS('border-top-style', 'solid');
      // Its background fades to the page's when it is disabled (120 ms): read once the fade is over.
      await expect.poll(() => support.submit.evaluate(contrastOf), { message: 'the disabled Submit label’s contrast' }).toBeGreaterThanOrEqual(4.5);
      await expect(support.details).toBeDisabled();
      await expectNoAxeViolations();
    });

    test('the evidence hint goes once a file is attached, and comes back when it is removed', async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      const absence = await openAbsenceDialog(page);
      const hint = absence.dialog.getByText('This reason needs supporting evidence: add at least one file below.');
      await absence.chooseReason('Illness');
      await expect(hint).toBeVisible();
      await expectNoAxeViolations();

      await absence.addFiles([{ name: 'doctor-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
      await expect(absence.fileList().getByRole('listitem')).toHaveCount(1);
      await expect(hint).toBeHidden();
      await expectNoAxeViolations();

      await absence.dialog.getByRole('button', { name: 'Remove doctor-letter.pdf' }).click();
      await expect(absence.fileList()).toBeHidden();
      await expect(hint).toBeVisible();
    });

    test('email addresses offer line breaks only after their @ and dots', async ({ page, signInAs, expectNoAxeViolations }) => {
      // The longest address of the demo personas: on a phone it needs two lines.
      const address = 'student-unenrolled@campus.example.ac.uk';
      await signInAs('student.unenrolled');
      const profile = new ProfilePage(page);
      await profile.goto();
      const email = profile.fact(page.getByRole('region', { name: 'Sofia Rossi' }), 'Email');
      await expect(email).toHaveText(address);
      // The break opportunities in the DOM: a <wbr> after the '@' and after each '.', nowhere else.
      const textBeforeEachBreak = await email.evaluate((element) =>
        [...element.querySelectorAll('wbr')].map((wbr) => {
          const range = document.createRange();
          range.setStart(element, 0);
          range.setEndBefore(wbr);
          return range.toString();
        }),
      );
      expect(textBeforeEachBreak).toEqual(['student-unenrolled@', 'student-unenrolled@campus.', 'student-unenrolled@campus.example.', 'student-unenrolled@campus.example.ac.']);

      if (device === 'phone') {
        // At 390 px the address does not fit on one line: it wraps, after a '@' or '.' only (not
        // after the hyphen, nor mid-word).
        const rendered = await email.evaluate(lineBreaksOf);
        expect(rendered.text).toBe(address);
        expect(rendered.lines, 'the address wraps at this width').toBeGreaterThan(1);
        for (const before of rendered.breaksAfter) expect(before.slice(-1), `a line ends after "${before}"`).toMatch(/[@.]/);
      }
      await expectNoAxeViolations();
    });
  });
}
