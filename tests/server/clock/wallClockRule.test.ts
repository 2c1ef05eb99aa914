import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** eslint.config.js: nothing in src/server but src/server/clock.ts reads the wall clock (GUIDE, Time). */
describe('the wall-clock lint rule', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
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
});
