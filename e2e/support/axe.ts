import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/** WCAG 2.1 A and AA: what every screen is held to. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeRun {
  /** The rule tags to run (`wcagTags` unless a spec asks for more, `best-practice` say). */
  readonly tags?: readonly string[];
  /** A selector to check instead of the whole document (a dialog, say). */
  readonly include?: string;
  /**
   * The page's clock is paused (`page.clock.pauseAt`). axe schedules its steps with timers, so the
   * clock is moved on a millisecond at a time while it runs (about 10 ms in all).
   */
  readonly isClockPaused?: boolean;
}

/** Runs `work` while moving a paused clock on in 1 ms steps. */
async function withClockCreeping<T>(page: Page, work: Promise<T>): Promise<T> {
  let isDone = false;
  const finished = work.finally(() => {
    isDone = true;
  });
  while (!isDone) await page.clock.runFor(1);
  return finished;
}

/**
 * The axe-core build injected into pages: the package's minified one (580 kB), not the 1.3 MB
 * `axe.source` the package exports. The same rules; a fresh document parses and compiles it in
 * about half the time, and every test's page is a fresh document (injecting was 0.37 s of a 0.95 s
 * check, measured over 55 checks).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run in the page itself, injected once per document. `@axe-core/playwright` evaluates
 * it twice per check (in the page, then in a blank page it opens to merge the frames' results),
 * which was most of a check's second. A page with no frames needs neither; one with frames (the
 * evidence preview's PDF) still goes through `AxeBuilder`, which reaches into each frame.
 */
async function runInPage(page: Page, include: string | undefined, options: RunOptions): Promise<Result[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ selector, runOptions }) => {
      // The page comes to rest first: running animations that end within a second (a dialog fading
      // in, a toast sliding up) are awaited, since axe measures colours as drawn and text caught part
      // way through a fade reads as low contrast. Longer ones (a toast's draining bar) and paused ones
      // run on. They run on the document's own timeline, so this holds with the page's clock paused.
      const endingSoon = document.getAnimations().filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        const left = Number(timing?.endTime ?? Infinity) - Number(timing?.localTime ?? 0);
        return animation.playState === 'running' && left <= 1_000;
      });
      await Promise.all(endingSoon.map((animation) => animation.finished.catch(() => undefined)));
      const inPage = (window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } }).axe;
      const results = await inPage.run(selector ? { include: [selector] } : document, runOptions);
      return results.violations;
    },
    { selector: include, runOptions: options },
  );
}

async function runWithBuilder(page: Page, include: string | undefined, tags: readonly string[], isClockPaused: boolean): Promise<Result[]> {
  let builder = new AxeBuilder({ page, axeSource }).options({ resultTypes: ['violations'] }).withTags([...tags]);
  if (include) builder = builder.include(include);
  // A paused clock keeps the run in the page (the default one finishes in a new page, whose clock
  // would be paused as well).
  const results = isClockPaused ? await withClockCreeping(page, builder.setLegacyMode(true).analyze()) : await builder.analyze();
  return results.violations;
}

/** The page's WCAG violations (only those are gathered: axe then skips listing passes, for the same verdict). */
export async function axeViolations(page: Page, { tags = wcagTags, include, isClockPaused = false }: AxeRun = {}): Promise<Result[]> {
  if (page.frames().length > 1) return runWithBuilder(page, include, tags, isClockPaused);
  const run = runInPage(page, include, { resultTypes: ['violations'], runOnly: { type: 'tag', values: [...tags] } });
  return isClockPaused ? withClockCreeping(page, run) : run;
}

/**
 * One entry per violation: the rule, then each element it was found on with its opening markup and
 * axe's reason, so a CI log (which keeps no trace) says which element failed and why.
 */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.html.slice(0, 160)}\n      ${(node.failureSummary ?? '').split('\n').slice(0, 3).join(' ')}`).join('\n'),
  );
}
