import { describe, expect, it } from 'vitest';
import { snippetLinter } from '../helpers/snippetLinter';

/**
 * eslint.config.js: the client's core (src/app/api, db, sync) imports no feature (issue 33 §4);
 * features reach it through ports and registries it exposes. Runs ESLint on snippets, as
 * tests/server/clock/wallClockRule.test.ts does for the clock rule.
 */
describe('the core-imports-no-feature lint rule', () => {
  const eslint = snippetLinter();
  const messagesOf = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message) ?? [];

  it.each([
    ['src/app/api/example.ts', "import { currentViewAs } from '../features/viewAs/isViewingAs';\nexport const v = currentViewAs;\n"],
    ['src/app/db/example.ts', "import { runSignOutCleanups } from '../features/session/signOut';\nexport const r = runSignOutCleanups;\n"],
    ['src/app/sync/example.ts', "import '../features/favourites/favourites.mutations';\n"],
    ['src/app/sync/nested/example.ts', "export { isViewingAs } from '../../features/viewAs/isViewingAs';\n"],
    ['src/app/sync/example.ts', "import type { ViewAsInfo } from '../../app/features/viewAs/isViewingAs';\nexport type V = ViewAsInfo;\n"],
  ])('refuses a feature import in %s, naming the way round it', async (filePath, code) => {
    const messages = await messagesOf(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/import no feature/);
    expect(messages[0]).toMatch(/sync\/viewAsPort\.ts/);
  });

  it('keeps the server rule in the core too', async () => {
    const messages = await messagesOf('src/app/sync/example.ts', "import { clock } from '../../server/clock';\nexport const c = clock;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/never import src\/server/);
  });

  it('lets the core import the core, and features, start-up and the service worker import features', async () => {
    expect(await messagesOf('src/app/sync/example.ts', "import { isViewingAs } from './viewAsPort';\nimport { getActiveUser } from '../db/activeUser';\nexport const a = [isViewingAs, getActiveUser];\n")).toEqual([]);
    expect(await messagesOf('src/app/features/viewAs/example.ts', "import { setViewAsPort } from '../../sync/viewAsPort';\nimport { useIsViewingAs } from './isViewingAs';\nexport const a = [setViewAsPort, useIsViewingAs];\n")).toEqual([]);
    expect(await messagesOf('src/app/startup/example.ts', "import '../features/favourites/favourites.mutations';\n")).toEqual([]);
    expect(await messagesOf('src/app/main.tsx', "import { registerViewAsPort } from './features/viewAs/registerViewAsPort';\nregisterViewAsPort();\n")).toEqual([]);
  });
});
