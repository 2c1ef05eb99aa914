import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The project's ESLint configuration, for linting snippets at made-up paths (the tests of the
 * layer, clock and seed rules). The type-checked rules are switched off: they need a file the
 * TypeScript project contains, which a snippet is not, and they are not what these tests check.
 */
export function snippetLinter(): ESLint {
  return new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });
}
