import { defineConfig } from 'vitest/config';

// Tiers by file name: *.unit.test.ts (pure), *.int.test.ts (real Postgres/Redis),
// *.e2e.test.ts (server + Chromium). `npm test` runs them all.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'tests/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // In CI a failed test is tried once more: browser and timing-sensitive int tests share two
    // cores with PostgreSQL, Redis and Chromium. A retried test is still reported as such by the
    // runner, and a test that fails twice fails the run. Locally there are no retries.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default'],
  },
});
