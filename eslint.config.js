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

/**
 * Issue 33 §4: the client's core (api/, db/, sync/) knows nothing of features. A feature registers
 * with the core at app start (a port, a listener, a registry entry); the core never imports it.
 * Matches `../features/x`, `../../features/x` and `/abs/src/app/features/x` from inside the core.
 */
const coreFeatureImport = '^(?:(?:\\.\\./)+(?:app/)?|.*/src/app/)features(?:/|$)';
const coreRule =
  'src/app/api, src/app/db and src/app/sync import no feature: let the feature register with the core at app start (a port such as sync/viewAsPort.ts, a listener such as api/apiActivity.ts, a registry such as state/signOutCleanup.ts).';

/**
 * Issue 33 §2: components never call the server. A .tsx file reads and writes through its
 * feature's hooks (`*.queries.ts` on TanStack Query for online-only screens, see
 * src/app/serverState/; `resources.ts` and `*.mutations.ts` for offline data), never through the
 * modules that send requests. Describing a failure (`api/ApiError`, `api/errorHandler`) stays allowed.
 * The core's own components (src/app/api, db, sync) are ruled by the core's block below instead.
 */
const apiCallImport = '^(?:(?:\\.\\./)+(?:app/)?|\\./|.*/src/app/)api/(?:client|request|conditionalGet)(?:\\.(?:ts|js))?$';
const componentRule =
  'A component (.tsx) does not import the API client: read and write through a hook in a *.queries.ts file (TanStack Query, src/app/serverState/) or the sync layer.';

/**
 * GUIDE "Time", end to end: a spec takes the time from its server or its page (e2e/support/clock.ts),
 * never from the machine running the tests, and waits for what it expects, never for a fixed time.
 * Code that runs in the browser (page.evaluate, addInitScript, waitForFunction) reads the page's
 * clock, which is the server's.
 */
const inBrowser = "CallExpression[callee.property.name=/^(evaluate|addInitScript|waitForFunction)$/] *";
const e2eRule = 'An e2e spec reads the time from its server or page (e2e/support/clock.ts: clock.now(), pageTime(page)), not the test machine.';
const e2eTimeSelectors = [
  { selector: `MemberExpression[object.name='Date'][property.name='now']:not(${inBrowser})`, message: `Date.now: ${e2eRule}` },
  { selector: `NewExpression[callee.name='Date'][arguments.length=0]:not(${inBrowser})`, message: `new Date() without an argument: ${e2eRule}` },
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'No fixed waits: wait for what the user would see (expect, expect.poll), or move the test\'s clock.' },
];

/**
 * Issue 33 §4: typescript-eslint's type-checked rules for the product code (src/, sw/). They need the
 * whole TypeScript program: lint goes from about 45 to 93 CPU-seconds and from 0.7 to 2.6 GB
 * (docs/decisions/0068). Tests, e2e, scripts and bench are not product code and stay untyped.
 */
const typeCheckedProductCode = {
  files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
  extends: [tseslint.configs.recommendedTypeChecked],
  languageOptions: {
    parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
  },
  rules: {
    // React Router's loaders redirect by throwing the Response that redirect() makes: its API, not a stray throw.
    '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
  },
};

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', '.tmp/', 'coverage/'],
  },
  tseslint.configs.recommended,
  typeCheckedProductCode,

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
    // Repeats the rule above: a later `no-restricted-imports` replaces an earlier one for these files.
    files: ['src/app/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: layerImport('server'), message: appRule },
            { regex: apiCallImport, message: componentRule },
          ],
        },
      ],
    },
  },
  {
    // Repeats the rule above: a later `no-restricted-imports` replaces an earlier one for these files.
    files: ['src/app/api/**/*.{ts,tsx}', 'src/app/db/**/*.{ts,tsx}', 'src/app/sync/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: layerImport('server'), message: appRule },
            { regex: coreFeatureImport, message: coreRule },
          ],
        },
      ],
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
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...e2eTimeSelectors],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'tests/app/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
);
