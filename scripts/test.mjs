// npm test: every check the project has, in order, then one closing line "N passed, M failed".
// Steps: typecheck, lint, web unit tests, server unit + API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set),
// the outage tests (their own PostgreSQL and Redis servers), web build, the home page's size budget, browser tests. `--only a,b` runs a subset; `--keep` adds to earlier results (CI).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ensureBrowser } from './browser.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.test-results');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
if (!args.includes('--keep')) rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// The browser comes first: without it the run stops at once with the command to install it, not with 30 failures.
if ((!only || only.includes('e2e')) && !ensureBrowser()) process.exit(1);

const run = (cmd, cmdArgs, env = {}) =>
  spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

const record = (name, passed, failed) =>
  writeFileSync(path.join(results, `${name}.count.json`), JSON.stringify({ name, passed, failed }));

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numTotalTests === 0 ? 1 : 0) };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected };
}

const steps = {
  typecheck: () => record('typecheck', ...(run('npm', ['run', 'typecheck', '--silent']) ? [1, 0] : [0, 1])),
  lint: () =>
    record(
      'lint',
      ...(run('npx', ['eslint', '.', '--max-warnings=0']) && run('npx', ['prettier', '--check', '.', '--log-level=warn'])
        ? [1, 0]
        : [0, 1]),
    ),
  'unit-web': () => vitest('unit-web', {}, 'apps/web'),
  'api-pglite': () => vitest('api-pglite', { TEST_DATABASE_URL: '' }),
  'api-pg': () => (process.env.TEST_DATABASE_URL ? vitest('api-pg', {}) : undefined),
  // PostgreSQL and Redis stopped under load, each test on servers of its own: once per run, one file at a time
  outage: () => vitest('outage', { TEST_DATABASE_URL: '' }, 'apps/server', 'vitest.outage.config.ts'),
  build: () => record('web-build', ...(run('npm', ['run', 'build', '--silent']) ? [1, 0] : [0, 1])),
  // the home page's first-load JavaScript, compressed, against its budget (sizes only, never timings)
  budget: () => record('web-budget', ...(run('node', ['scripts/web-budget.mjs']) ? [1, 0] : [0, 1])),
  e2e: () => {
    const out = path.join(results, 'e2e.json');
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out, FORCE_COLOR: '0' });
    const c = playwrightCounts(out) ?? { passed: 0, failed: 1 };
    record('e2e', c.passed, c.failed);
  },
};

function vitest(name, env, dir = 'apps/server', config) {
  const out = path.join(results, `${name}.json`);
  const configArgs = config ? ['--config', config] : [];
  run(
    'npx',
    ['vitest', 'run', '--root', dir, ...configArgs, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    env,
  );
  const c = vitestCounts(out) ?? { passed: 0, failed: 1 };
  record(name, c.passed, c.failed);
}

for (const [name, step] of Object.entries(steps)) {
  if (only && !only.includes(name)) continue;
  console.log(`\n[test] ${name}`);
  step();
}

let passed = 0;
let failed = 0;
for (const f of readdirSync(results).filter((f) => f.endsWith('.count.json'))) {
  const c = JSON.parse(readFileSync(path.join(results, f), 'utf8'));
  console.log(`[test] ${c.name}: ${c.passed} passed, ${c.failed} failed`);
  passed += c.passed;
  failed += c.failed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
