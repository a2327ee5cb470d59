import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Which files each pass runs, so that nothing is skipped for the engine it runs on:
 * - the PGlite pass (no TEST_DATABASE_URL): every test file except *.pg.test.ts (they need a PostgreSQL server);
 * - the PostgreSQL pass: the files that run on the test database (they import test/helpers.ts or a fixture) and
 *   *.pg.test.ts; unit files and *.pglite.test.ts (the embedded database itself) already ran in the first pass.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const root = import.meta.dirname;

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(path.join(dir, e.name)) : e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : [],
  );
}

const usesTestDatabase = (file: string) => /test\/(helpers|fixtures\/)/.test(readFileSync(path.join(root, file), 'utf8'));

const include = onServer
  ? testFiles('src').filter((f) => !f.endsWith('.pglite.test.ts') && (f.endsWith('.pg.test.ts') || usesTestDatabase(f)))
  : ['src/**/*.test.ts'];

export default defineConfig({
  test: {
    include,
    exclude: onServer ? [] : ['**/*.pg.test.ts', '**/node_modules/**'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // vitest's default is one worker less than the cores, which is one on a 2-core machine; two measured
    // 348 -> 302 s on PGlite and 194 -> 118 s on the PostgreSQL server
    maxWorkers: 2,
    // every file builds its own app and database; sharing the imported modules within a worker saves the ~3 s
    // import of the app per file (PGlite pass 215 -> 109 s, PostgreSQL pass 120 -> 53 s on a quiet machine)
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
