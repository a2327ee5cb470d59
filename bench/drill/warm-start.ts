/**
 * The first seconds after a start, with and without the warm-up (WARM_START, apps/server/src/features/ops/warm-up.ts):
 * the built server on a throwaway PostgreSQL database, started again and again; the moment /readyz says 200, readers
 * of the live-traffic mix (bench/live.ts) arrive at a fixed rate, as a balancer would send them. Prints p50/p99 per
 * second for the first seconds and for the steady seconds after, per mode (the modes alternate, so the database's
 * own caches are as warm for both).
 *
 *   npm run bench:warm-start -w bench
 *
 * Env: DATABASE_URL (the server to make the database on, postgres://postgres@127.0.0.1:5432/postgres), WARM_RATE
 * (reads/s, 80), WARM_RUNS (runs per mode, 3), WARM_POSTS (3000), WARM_PORT (18290).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { newestOpen } from '../live.js';
import { buildServer, Instance, seed, sleep, throwawayDatabase } from './cluster.js';
import { Traffic } from './traffic.js';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RATE = Number(process.env.WARM_RATE ?? 80);
const RUNS = Number(process.env.WARM_RUNS ?? 3);
const POSTS = Number(process.env.WARM_POSTS ?? 3000);
const PORT = Number(process.env.WARM_PORT ?? 18290);
const SECONDS = 8;
const FIRST = 3;

const buildDir = path.resolve(import.meta.dirname, `../../apps/server/dist/warm-${process.pid}`);
await buildServer(buildDir);
const database = await throwawayDatabase(ADMIN_URL, `warm_${Date.now().toString(36)}`);
const env = (warm: boolean) => ({
  DATABASE_URL: database.url,
  JWT_SECRET: 'warm-start-bench-'.padEnd(64, 'x'),
  TRUST_PROXY: 'true',
  WEB_DIST: '/nonexistent',
  WEB_SSR: 'off',
  LOG_LEVEL: 'warn',
  RUN_JOBS: 'false',
  WARM_START: warm ? 'on' : 'off',
});
const base = `http://127.0.0.1:${PORT}`;
try {
  seed(database.url, POSTS, 500);
  const first = new Instance('warm-targets', PORT, path.join(buildDir, 'main.js'), env(false));
  await first.start();
  const targets = await newestOpen(base);
  await first.stop();
  first.removeData();
  console.log(`${POSTS} posts; readers at ${RATE}/s from the moment /readyz says 200, for ${SECONDS} s\n`);
  console.log(
    'mode     ready    ' +
      Array.from({ length: FIRST }, (_, i) => `second ${i + 1} p50/p99`.padEnd(20)).join('') +
      'steady p50/p99',
  );
  const rows: Record<string, number[][]> = { off: [], on: [] };
  for (let run = 0; run < RUNS * 2; run++) {
    const warm = run % 2 === 1;
    const instance = new Instance(`warm-${run}`, PORT, path.join(buildDir, 'main.js'), env(warm));
    const readyMs = await instance.start();
    const traffic = new Traffic(base);
    const from = performance.now();
    traffic.readers(RATE, targets);
    await sleep(SECONDS * 1000);
    await traffic.stop();
    await instance.stop();
    instance.removeData();
    const seconds = Array.from({ length: FIRST }, (_, i) => traffic.readFigures(from + i * 1000, from + (i + 1) * 1000));
    const steady = traffic.readFigures(from + 4000, from + SECONDS * 1000);
    const failed = traffic.samples.filter((s) => !s.ok).length;
    const cell = (f: { p50: number; p99: number }) => `${f.p50.toFixed(0)} / ${f.p99.toFixed(0)} ms`.padEnd(20);
    console.log(
      `${(warm ? 'warm' : 'cold').padEnd(9)}${`${(readyMs / 1000).toFixed(1)} s`.padEnd(9)}${seconds.map(cell).join('')}${cell(steady)}` +
        (failed ? `  ${failed} failed` : ''),
    );
    rows[warm ? 'on' : 'off'].push([seconds[0].p99, steady.p99]);
  }
  for (const mode of ['off', 'on'] as const) {
    const r = rows[mode];
    const mean = (i: number) => r.reduce((s, x) => s + x[i], 0) / r.length;
    console.log(
      `\n${mode === 'on' ? 'warm' : 'cold'}: first second p99 ${mean(0).toFixed(0)} ms on average, steady p99 ${mean(1).toFixed(0)} ms (${(mean(0) / mean(1)).toFixed(1)}x)`,
    );
  }
} finally {
  await database.drop();
  rmSync(buildDir, { recursive: true, force: true });
}
process.exit(0);
