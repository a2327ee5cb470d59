import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // vitest's default is one worker less than the cores, which is one on a 2-core machine; two measured
    // 348 -> 302 s on PGlite and 194 -> 118 s on the PostgreSQL server
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
