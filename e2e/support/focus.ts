import { expect, type Locator } from '@playwright/test';

/**
 * Waits until `target` is the page's focused element (`document.activeElement`), and names what has
 * the focus instead when it never is. Not `toBeFocused`, which also needs the document to report
 * the window focused (`document.hasFocus()`): on CI it said "inactive" with no word of where the
 * focus was (evidencePreview at stop 50, adminImports on 2026-11-29).
 */
export async function expectFocusOn(target: Locator, what: string): Promise<void> {
  await expect
    .poll(() => target.evaluate((element) => (document.activeElement === element ? 'it' : (document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing'))), {
      message: `what has the page's focus, expected on ${what}`,
    })
    .toBe('it');
}
