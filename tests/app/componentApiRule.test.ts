import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The allow-list in eslint.config.js: the .tsx files not migrated yet. */
function listedComponents(): string[] {
  const config = readFileSync('eslint.config.js', 'utf8');
  const list = /const componentsCallingTheApi = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
  return [...list.matchAll(/'([^']+\.tsx)'/g)].map((match) => match[1] ?? '');
}

/**
 * eslint.config.js: a component (.tsx) does not import the API client (issue 33 §2); it reads and
 * writes through its feature's hooks (`*.queries.ts` on TanStack Query, or the sync layer). Runs
 * ESLint on snippets, as coreImportRule.test.ts does for the core's rule.
 */
describe('the components-do-not-call-the-API lint rule', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const messagesOf = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message) ?? [];

  it.each([
    ['src/app/features/example/ExamplePage.tsx', "import { callApi } from '../../api/client';\nexport const c = callApi;\n"],
    ['src/app/features/admin/example/ExamplePage.tsx', "import { callApi } from '../../../api/client';\nexport const c = callApi;\n"],
    ['src/app/features/example/ExamplePage.tsx', "import { sendRequest } from '../../api/request';\nexport const s = sendRequest;\n"],
    ['src/app/features/example/ExamplePage.tsx', "export { conditionalGet } from '../../api/conditionalGet';\n"],
    ['src/app/layout/Example.tsx', "import { callApi } from '../../app/api/client';\nexport const c = callApi;\n"],
    ['src/app/Example.tsx', "import { callApi } from './api/client';\nexport const c = callApi;\n"],
    // A screen this change moved to *.queries.ts hooks: it may not go back.
    ['src/app/features/adminStatus/AdminStatusPage.tsx', "import { callApi } from '../../api/client';\nexport const c = callApi;\n"],
    // Staff screens and home widgets moved off the list later (issue 33 §2): they may not go back either.
    ['src/app/features/staffAbsences/DecisionPanel.tsx', "import { callApi } from '../../api/client';\nexport const c = callApi;\n"],
    ['src/app/features/staffRegister/ClassChanges.tsx', "import { callApi } from '../../api/client';\nexport const c = callApi;\n"],
    ['src/app/features/settings/SignOutEverywhere.tsx', "import { callApi } from '../../api/client';\nexport const c = callApi;\n"],
  ])('refuses an API client import in %s, naming the way round it', async (filePath, code) => {
    const messages = await messagesOf(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/does not import the API client/);
    expect(messages[0]).toMatch(/\*\.queries\.ts/);
  });

  it('keeps the server rule in components too', async () => {
    const messages = await messagesOf('src/app/features/example/ExamplePage.tsx', "import { clock } from '../../../server/clock';\nexport const c = clock;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/never import src\/server/);
  });

  it('lets components describe failures and use hooks, and lets hook files call the API', async () => {
    const component = "import { describeError } from '../../api/errorHandler';\nimport { isApiError } from '../../api/ApiError';\nimport { useThing } from './example.queries';\nexport const a = [describeError, isApiError, useThing];\n";
    expect(await messagesOf('src/app/features/example/ExamplePage.tsx', component)).toEqual([]);
    expect(await messagesOf('src/app/features/example/example.queries.ts', "import { callApi } from '../../api/client';\nexport const c = callApi;\n")).toEqual([]);
    expect(await messagesOf('src/app/features/example/useExample.ts', "import { callApi } from '../../api/client';\nexport const c = callApi;\n")).toEqual([]);
  });

  it('still lets the files on the not-yet-migrated list call it (the list only shrinks)', async () => {
    const [stillListed] = listedComponents();
    expect(stillListed).toMatch(/\.tsx$/);
    expect(await messagesOf(stillListed ?? '', "import { callApi } from '../../api/client';\nexport const c = callApi;\n")).toEqual([]);
  });

  it('lists only files that still call the API client: one moved to a hook comes off the list', () => {
    const componentsCallingTheApi = listedComponents();
    expect(componentsCallingTheApi.length).toBeGreaterThan(0);
    const stillCalling = componentsCallingTheApi.filter((file) => /from '[./]*(?:app\/)?api\/(?:client|request|conditionalGet)'/.test(readFileSync(file, 'utf8')));
    expect(stillCalling).toEqual(componentsCallingTheApi);
  });
});
