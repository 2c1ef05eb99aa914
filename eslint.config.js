// @ts-check
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * GUIDE "Shape of the system": src/shared imports neither src/app nor src/server; src/app and sw
 * never import src/server. Matches `../../server/x`, `../../src/server` and `/abs/src/server/x`,
 * but not a folder of the same name inside a layer (`./server/x`).
 */
const layerImport = (layer) => `^(?:(?:\\.\\./)+(?:src/)?|.*/src/)${layer}(?:/|$)`;

const sharedRule = 'src/shared imports neither src/app nor src/server.';
const appRule = 'src/app and sw never import src/server; share code through src/shared.';

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', '.tmp/', 'coverage/'],
  },
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: layerImport('app'), message: sharedRule },
            { regex: layerImport('server'), message: sharedRule },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: layerImport('server'), message: appRule }] }],
    },
  },
  {
    // The demo seed is demo data: features and jobs read the calendar from src/server/calendar.
    files: ['src/server/features/**/*.ts', 'src/server/jobs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(?:^|/)db/seed(?:/|$)', message: 'Features and jobs never import the demo seed (src/server/db/seed); the calendar is src/server/calendar.' }] },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'tests/app/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
);
