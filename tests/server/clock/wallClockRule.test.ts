import { describe, expect, it } from 'vitest';
import { snippetLinter } from '../../helpers/snippetLinter.js';

/** eslint.config.js: nothing in src/server but src/server/clock.ts reads the wall clock (GUIDE, Time). */
describe('the wall-clock lint rule', () => {
  const eslint = snippetLinter();
  const messagesOf = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message) ?? [];

  it.each([
    ['Date.now()', 'export const t = Date.now();\n', /Date\.now/],
    ['Date.now as a function', 'export const read = (f: () => number = Date.now) => f();\n', /Date\.now/],
    ['new Date()', 'export const d = new Date();\n', /new Date\(\) without an argument/],
    ['Date()', 'export const s = Date();\n', /Date\(\) as a function/],
    ['performance.timeOrigin', 'export const o = performance.timeOrigin + performance.now();\n', /performance\.timeOrigin/],
  ])('refuses %s in src/server, naming the clock', async (_name, code, message) => {
    const messages = await messagesOf('src/server/features/example/example.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
    expect(messages[0]).toMatch(/src\/server\/clock\.ts/);
  });

  it('allows an instant from a value, elapsed time, and the clock itself', async () => {
    const code = [
      'export const a = new Date(0);',
      "export const b = new Date('2026-10-05T08:55:00+01:00');",
      'export const started = performance.now();',
      'export const later = (now: Date) => new Date(now.getTime() + 1000);',
      '',
    ].join('\n');
    expect(await messagesOf('src/server/features/example/example.ts', code)).toEqual([]);
    expect(await messagesOf('src/server/clock.ts', 'export const t = Date.now();\nexport const d = new Date();\n')).toEqual([]);
  });

  it('applies only to the server: tests and the client keep their own rules', async () => {
    expect(await messagesOf('tests/server/example.test.ts', 'export const t = Date.now();\n')).toEqual([]);
  });

  it.each([
    ['Date.now()', 'export const t = Date.now();\n', /Date\.now: An e2e spec reads the time from its server or page/],
    ['new Date()', 'export const d = new Date();\n', /new Date\(\) without an argument: An e2e spec/],
    ['a fixed wait', 'export const wait = (page: { waitForTimeout(ms: number): Promise<void> }) => page.waitForTimeout(500);\n', /No fixed waits/],
  ])('refuses %s in an e2e spec', async (_name, code, message) => {
    const messages = await messagesOf('e2e/example.spec.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it('lets code that runs in the browser read the page\'s clock, which is the server\'s', async () => {
    const code = [
      'type Page = { evaluate<T>(f: () => T): Promise<T>; addInitScript(f: () => void): Promise<void> };',
      'export const read = (page: Page) => page.evaluate(() => Date.now());',
      'export const init = (page: Page) => page.addInitScript(() => void localStorage.setItem(\'k\', String(new Date().getTime())));',
      '',
    ].join('\n');
    expect(await messagesOf('e2e/example.spec.ts', code)).toEqual([]);
  });
});
