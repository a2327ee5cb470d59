import { defineConfig } from 'vitest/config';

/**
 * The outage tests (npm test step "outage"): each runs its own PostgreSQL or Redis server and stops it under
 * load. A step of their own, run once (not again on the PostgreSQL pass) and one file at a time, so their
 * timing is not measured while the API suites load every core.
 */
export default defineConfig({
  test: {
    include: ['test/outage/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
