import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { snippetLinter } from '../helpers/snippetLinter';

/** Every component of the client: the .tsx files under src/app. */
function allComponents(): string[] {
  return readdirSync('src/app', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => `src/app/${file}`);
}

/**
 * eslint.config.js: a component (.tsx) does not import the API client (issue 33 §2); it reads and
 * writes through its feature's hooks (`*.queries.ts` on TanStack Query, or the sync layer). Runs
 * ESLint on snippets, as coreImportRule.test.ts does for the core's rule.
 */
describe('the components-do-not-call-the-API lint rule', () => {
  const eslint = snippetLinter();
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

  it('holds for every component: none imports the API client, and the rule has no exceptions', () => {
    const components = allComponents();
    expect(components.length).toBeGreaterThan(100);
    const importsTheClient = components.filter((file) => /from '[./]*(?:app\/)?api\/(?:client|request|conditionalGet)'/.test(readFileSync(file, 'utf8')));
    expect(importsTheClient).toEqual([]);
    expect(readFileSync('eslint.config.js', 'utf8')).not.toMatch(/componentsCallingTheApi/);
  });
});
