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

/**
 * GUIDE "Time": the server reads the time only from src/server/clock.ts (a Clock passed down, or
 * ServerContext.clock). `performance.now()` stays allowed: elapsed time for timeouts, not the time of day.
 */
const clockRule = 'The server reads the time only from its clock (src/server/clock.ts: ctx.clock.now(), or a `now` passed in).';
const wallClockSelectors = [
  { selector: "MemberExpression[object.name='Date'][property.name='now']", message: `Date.now: ${clockRule}` },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: `new Date() without an argument: ${clockRule}` },
  { selector: "CallExpression[callee.name='Date']", message: `Date() as a function reads the wall clock: ${clockRule}` },
  { selector: "MemberExpression[property.name='timeOrigin']", message: `performance.timeOrigin: ${clockRule}` },
];
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
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/clock.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...wallClockSelectors],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'tests/app/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
);
