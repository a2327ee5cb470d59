// npm test: every check the project has, then one line per step (passed, failed, skipped, seconds) and a closing
// line "N passed, M failed, K skipped".
// Steps: typecheck, lint, web unit tests, server unit + API tests on PGlite, the API tests again on PostgreSQL, the
// outage tests, web build, the home page's size budget, browser tests. The PostgreSQL pass runs on TEST_DATABASE_URL
// and the Redis tests on TEST_REDIS_URL; without them, on throwaway servers of their own (scripts/services.mjs),
// stopped and deleted when the run ends. A step whose server binaries are missing reports "not run" with the
// install line. `--only a,b` runs a subset; `--keep` adds to earlier results; `--strict` (CI) also fails on a
// skipped test or a step that could not run here.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ensureBrowser } from './browser.mjs';
import { findPostgresBin, hasRedisServer, INSTALL_HINT, startPostgres, startRedis } from './services.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.test-results');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const strict = args.includes('--strict') || process.env.CI === 'true';
if (!args.includes('--keep')) rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// The browser comes first: without it the run stops at once with the command to install it, not with 60 failures.
if ((!only || only.includes('e2e')) && !ensureBrowser()) process.exit(1);

/** Runs a command; its output goes to the terminal, or to `log` (a step running beside another). */
function run(cmd, cmdArgs, env = {}, log) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, {
      cwd: root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('exit', (code) => resolve(code === 0));
  });
}

const record = (name, c) => writeFileSync(path.join(results, `${name}.count.json`), JSON.stringify({ name, ...c }));
const check = (ok) => (ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

/** The first line of a failure's message: enough in the closing summary (CI keeps only the end of the output). */
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

/** Counts from vitest's JSON report; the names of skipped and failed tests are kept for the summary. */
function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const named = (f, a) => `${path.relative(root, f.name)}: ${a.fullName}`;
  const skippedNames = r.testResults.flatMap((f) =>
    f.assertionResults
      .filter((a) => a.status === 'pending' || a.status === 'skipped' || a.status === 'todo')
      .map((a) => named(f, a)),
  );
  const failedNames = r.testResults.flatMap((f) => [
    ...f.assertionResults.filter((a) => a.status === 'failed').map((a) => `${named(f, a)}: ${firstLine(a.failureMessages?.[0])}`),
    // a file that failed outside its tests (a hook, an import)
    ...(f.status === 'failed' && f.message ? [`${path.relative(root, f.name)}: ${firstLine(f.message)}`] : []),
  ]);
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + r.numFailedTestSuites + (r.numTotalTests === 0 ? 1 : 0),
    skipped: r.numPendingTests + r.numTodoTests,
    skippedNames,
    failedNames,
  };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const skippedNames = [];
  const failedNames = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status === 'skipped') skippedNames.push(`${file}: ${spec.title}`);
        if (t.status === 'unexpected')
          failedNames.push(`${file}: ${spec.title}: ${firstLine(t.results?.at(-1)?.error?.message)}`);
      }
    for (const s of suite.suites ?? []) walk(s, suite.file ?? file);
  };
  for (const s of report.suites ?? []) walk(s, s.file);
  const s = report.stats;
  // an error outside the tests (the server did not start, a spec did not load) or no test at all is a failure
  const runFailed = (report.errors?.length ?? 0) + (s.expected + s.unexpected + (s.flaky ?? 0) === 0 ? 1 : 0);
  return {
    passed: s.expected + (s.flaky ?? 0),
    failed: s.unexpected + runFailed,
    skipped: s.skipped ?? 0,
    skippedNames,
    failedNames,
  };
}

async function vitest(name, env, { dir = 'apps/server', config, log } = {}) {
  const out = path.join(results, `${name}.json`);
  const configArgs = config ? ['--config', config] : [];
  const reporters = log ? ['--reporter=dot'] : ['--reporter=default'];
  await run(
    'npx',
    ['vitest', 'run', '--root', dir, ...configArgs, ...reporters, '--reporter=json', `--outputFile=${out}`],
    env,
    log,
  );
  return vitestCounts(out) ?? { passed: 0, failed: 1 };
}

/** Throwaway servers this run started: stopped and deleted at its end, on Ctrl-C too. */
const throwaway = [];
const stopThrowaway = () => throwaway.splice(0).forEach((s) => s.destroy());
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopThrowaway();
    process.exit(130);
  });

/** Starts one server the first time it is asked for: `{ url }`, or `{ missing }` naming what to install. */
function lazyServer(what, envName, installed, start) {
  let server;
  return () =>
    (server ??= (async () => {
      if (process.env[envName]) return { url: process.env[envName] };
      if (!installed()) return { missing: `${what} is not installed (${INSTALL_HINT})` };
      console.log(`[test] ${envName} is not set: starting a throwaway ${what}`);
      const s = await start();
      throwaway.push(s);
      return { url: s.url };
    })());
}
const testDatabase = lazyServer(
  'PostgreSQL server',
  'TEST_DATABASE_URL',
  () => findPostgresBin() !== null,
  () =>
    // a database that never has to survive a crash of the machine: no fsync
    startPostgres({ database: 'test', fsync: false }),
);
const testRedis = lazyServer('Redis server', 'TEST_REDIS_URL', hasRedisServer, startRedis);

/** A step that cannot run on this machine: fine on a laptop, a failure under --strict (CI must run it). */
const notApplicable = (why) => ({ passed: 0, failed: 0, notApplicable: why });

/** A server pass whose Redis tests run on TEST_REDIS_URL or a throwaway server; without Redis they skip, under the reason. */
async function withRedis(name, env) {
  const redis = await testRedis();
  const counts = await vitest(name, { ...env, TEST_REDIS_URL: redis.url ?? '' });
  return redis.missing ? { ...counts, note: `the Redis tests did not run: ${redis.missing}` } : counts;
}

const steps = {
  typecheck: async (log) => check(await run('npm', ['run', 'typecheck', '--silent'], {}, log)),
  lint: async (log) =>
    check(
      (await run('npx', ['eslint', '.', '--max-warnings=0'], {}, log)) &&
        (await run('npx', ['prettier', '--check', '.', '--log-level=warn'], {}, `${log}.prettier`)) &&
        (await run('node', ['scripts/import-cycles.mjs'], {}, `${log}.cycles`)) &&
        (await run('node', ['scripts/eslint/boundaries-check.mjs'], {}, `${log}.boundaries`)) &&
        // migrations an instance of the previous version can run beside (README, "Changing the database")
        (await run('node', ['scripts/migrations-check.mjs'], {}, `${log}.migrations`)),
    ),
  'unit-web': () => vitest('unit-web', {}, { dir: 'apps/web' }),
  'api-pglite': () => withRedis('api-pglite', { TEST_DATABASE_URL: '' }),
  'api-pg': async () => {
    const database = await testDatabase();
    return database.missing ? notApplicable(database.missing) : withRedis('api-pg', { TEST_DATABASE_URL: database.url });
  },
  // PostgreSQL and Redis stopped under load, each test on servers of its own: once per run, one file at a time
  outage: () =>
    findPostgresBin() && hasRedisServer()
      ? vitest('outage', { TEST_DATABASE_URL: '' }, { config: 'vitest.outage.config.ts' })
      : notApplicable(`the PostgreSQL and Redis server binaries are needed (${INSTALL_HINT})`),
  build: async () => check(await run('npm', ['run', 'build', '--silent'])),
  // the home page's first-load JavaScript, compressed, against its budget (sizes only, never timings)
  budget: async () => check(await run('node', ['scripts/web-budget.mjs'])),
  e2e: async () => {
    const out = path.join(results, 'e2e.json');
    await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      FORCE_COLOR: '0',
    });
    return playwrightCounts(out) ?? { passed: 0, failed: 1 };
  },
};

/** Runs a step and records its counts and wall time; with `log`, its output is kept for later (a step beside another). */
async function runStep(name, log) {
  if (!log) console.log(`\n[test] ${name}`);
  const started = Date.now();
  const counts = await Promise.resolve()
    .then(() => steps[name](log))
    .catch((err) => {
      console.error(`[test] ${name}: ${err.stack ?? err}`);
      return { passed: 0, failed: 1 };
    });
  const seconds = Math.round((Date.now() - started) / 1000);
  record(name, { skipped: 0, ...counts, seconds });
  if (!log) console.log(`[test] ${name} took ${seconds} s`);
}

/** Steps that each keep one core busy run side by side on two (typecheck and lint: tsc and eslint are single-threaded). */
const ORDER = [['typecheck', 'lint'], 'unit-web', 'api-pglite', 'api-pg', 'outage', 'build', 'budget', 'e2e'];

for (const entry of ORDER) {
  const names = [entry].flat().filter((name) => !only || only.includes(name));
  if (names.length === 1) await runStep(names[0]);
  if (names.length < 2) continue;
  console.log(`\n[test] ${names.join(' + ')} (side by side; their output follows)`);
  const logs = names.map((name) => path.join(results, `${name}.log`));
  await Promise.all(names.map((name, i) => runStep(name, logs[i])));
  for (const [i, name] of names.entries()) {
    const text = [logs[i], `${logs[i]}.prettier`, `${logs[i]}.cycles`, `${logs[i]}.boundaries`, `${logs[i]}.migrations`]
      .filter(existsSync)
      .map((f) => readFileSync(f, 'utf8'));
    console.log(
      `[test] ${name} (${JSON.parse(readFileSync(path.join(results, `${name}.count.json`), 'utf8')).seconds} s)\n${text.join('')}`,
    );
  }
}

stopThrowaway();

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
console.log('');
for (const f of readdirSync(results).filter((f) => f.endsWith('.count.json'))) {
  const c = JSON.parse(readFileSync(path.join(results, f), 'utf8'));
  const state = c.notApplicable ? `not run: ${c.notApplicable}` : `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
  console.log(`[test] ${c.name}: ${state} (${c.seconds} s)`);
  if (c.note) console.log(`[test]   ${c.note}`);
  for (const s of c.skippedNames ?? []) console.log(`[test]   skipped ${s}`);
  for (const s of (c.failedNames ?? []).slice(0, 20)) console.log(`[test]   failed ${s.slice(0, 300)}`);
  passed += c.passed;
  failed += c.failed;
  skipped += c.skipped;
  if (strict && c.notApplicable) problems.push(`${c.name} did not run: ${c.notApplicable}`);
  if (strict && c.note) problems.push(`${c.name}: ${c.note}`);
  if (strict && c.skipped) problems.push(`${c.name} skipped ${c.skipped} test(s): CI runs every suite`);
}
for (const p of problems) console.log(`[test] --strict: ${p}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && problems.length === 0 ? 0 : 1);
