import { defineConfig } from 'vitest/config';

// Three projects, one per layer. The server project shares one embedded PostgreSQL per run
// (tests/helpers/pg.globalSetup.ts) and clones a fresh database per test file.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['tests/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/pg.globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}', 'tests/sw/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/app.setup.ts'],
        },
      },
    ],
  },
});
