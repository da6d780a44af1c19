import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs three projects: unit (pure, no services), integration (real PostgreSQL and Redis, a database per
 * test file cloned from a migrated template) and e2e (real Chromium against the real server).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // Client components import the contracts as the client build does (client/vite.config.ts).
        resolve: { alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) } },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: a couple of files at a time keeps PostgreSQL and Redis from thrashing.
          maxWorkers: 2,
          fileParallelism: true,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts', 'tests/e2e/helpers/browser-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
