/**
 * An older build and this one side by side, in one run, on one PostgreSQL database: the live mix with a quarter of the
 * readers' requests searches while writes go at 20/s, and the mixed-keyword search alone at 20 connections, each with
 * the read cache off and on. The builds take turns (old, new, old, new, ...) so that neither gets the quieter minute.
 *
 *   npm run bench:search-compare -w bench
 *
 * Env: COMPARE_BASE (the older build's commit, `ae8365e`: main before Korean matching), COMPARE_POSTS (100,000),
 * COMPARE_ROUNDS (2), BENCH_SECONDS (20 per case), BENCH_CONNECTIONS (50 readers), COMPARE_CACHE ("off,on"),
 * COMPARE_WARM_SECONDS (150: before the rounds, each build serves the mixed search alone with the cache off for this
 * long, as a deployed build has: the newer one keeps frequent keywords' matches, listing them one after another),
 * COMPARE_SEARCH_SHARE (0.25: the live mix's share of mixed searches among the readers' requests),
 * DATABASE_URL (the PostgreSQL server to make the database on, postgres://postgres@127.0.0.1:5432/postgres),
 * COMPARE_PORT (18290). The database, the worktree and both builds are removed at the end.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiInstanceEnv, Instance, seed, throwawayDatabase } from './drill/cluster.js';
import { builtRevision } from './drill/older-checkout.js';
import { mixedSearchPath } from './keywords.js';
import { prepareLive, runLive, type LiveFigures } from './live.js';
import { randomIp } from './random.js';
import { runCleanly, type CleanUps } from './drill/run-cleanly.js';

const BASE = process.env.COMPARE_BASE ?? 'ae8365e';
const POSTS = Number(process.env.COMPARE_POSTS ?? 100_000);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CACHES = (process.env.COMPARE_CACHE ?? 'off,on').split(',') as Array<'off' | 'on'>;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.COMPARE_PORT ?? 18290);
const WRITE_RATE = 20;
const SEARCH_SHARE = Number(process.env.COMPARE_SEARCH_SHARE ?? 0.25);
const SEARCH_CONNECTIONS = 20;
const WARM_SECONDS = Number(process.env.COMPARE_WARM_SECONDS ?? 150);

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

interface Figures {
  build: string;
  cache: 'off' | 'on';
  live: LiveFigures;
  search: { rps: number; p50: number; p99: number; errors: number };
}

async function searchAlone(base: string, seconds = SECONDS) {
  const result = await autocannon({
    url: base + mixedSearchPath(),
    connections: SEARCH_CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: mixedSearchPath(), headers: { ...req.headers, 'x-forwarded-for': randomIp() } }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function main(cleanUps: CleanUps) {
  const older = await builtRevision(BASE, cleanUps);
  const newer = await builtRevision('HEAD', cleanUps);
  const [oldRev, newRev] = [older.rev, newer.rev];
  log(`built ${oldRev} (older) and ${newRev} (this one)`);

  const database = await throwawayDatabase(ADMIN_URL, `compare_${Date.now().toString(36)}`);
  cleanUps.push(() => database.drop());
  const seeded = performance.now();
  seed(database.url, POSTS, 5000);
  const setup = await prepareLive({ url: database.url });
  log(
    `database seeded with ${POSTS.toLocaleString('en')} posts and migrated in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
  );

  const builds = [
    [oldRev, older.out],
    [newRev, newer.out],
  ] as const;
  const started = async (build: string, out: string, cache: 'off' | 'on') => {
    const instance = new Instance(
      `compare-${build}`,
      PORT,
      path.join(out, 'main.js'),
      apiInstanceEnv(database.url, { RUN_JOBS: 'false', READ_CACHE: cache }),
    );
    cleanUps.push(() => instance.kill());
    await instance.start();
    return instance;
  };
  if (WARM_SECONDS > 0)
    for (const [build, out] of builds) {
      const instance = await started(build, out, 'off');
      const warm = await searchAlone(`http://127.0.0.1:${PORT}`, WARM_SECONDS);
      await instance.stop();
      instance.removeData();
      log(`warm-up, ${build}: the mixed search alone for ${WARM_SECONDS} s, ${warm.rps.toFixed(0)} req/s p99 ${warm.p99} ms`);
    }

  const results: Figures[] = [];
  let offset = 0;
  for (let round = 0; round < ROUNDS; round++)
    for (const cache of CACHES)
      for (const [build, out] of builds) {
        const instance = await started(build, out, cache);
        const base = `http://127.0.0.1:${PORT}`;
        const live = await runLive(base, setup, WRITE_RATE, SECONDS, CONNECTIONS, (offset += 1000), SEARCH_SHARE);
        const search = await searchAlone(base);
        await instance.stop();
        instance.removeData();
        results.push({ build, cache, live, search });
        log(
          `round ${round + 1}, cache ${cache}, ${build}: readers ${live.readers.rps.toFixed(0)} req/s p99 ${live.readers.p99} ms, ` +
            `writes ${live.writes.acknowledged}/${live.writes.sent}; search alone ${search.rps.toFixed(0)} req/s p99 ${search.p99} ms (load ${load()})`,
        );
      }

  console.log(`\n== ${oldRev} (older) against ${newRev}, ${POSTS.toLocaleString('en')} posts, ${SECONDS} s a case ==`);
  console.log(
    '| cache | build | readers req/s | reader p50 / p99 | reader errors | writes acked / sent, p99 | mixed search alone req/s | its p50 / p99 |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.cache} | ${r.build} | ${r.live.readers.rps.toFixed(0)} | ${r.live.readers.p50} / ${r.live.readers.p99} ms | ${r.live.readers.errors} | ` +
        `${r.live.writes.acknowledged} / ${r.live.writes.sent}, ${r.live.writes.p99.toFixed(0)} ms | ${r.search.rps.toFixed(0)} | ${r.search.p50} / ${r.search.p99} ms |`,
    );
  const mean = (build: string, cache: string, pick: (f: Figures) => number) => {
    const rows = results.filter((r) => r.build === build && r.cache === cache);
    return rows.reduce((s, r) => s + pick(r), 0) / rows.length;
  };
  for (const cache of CACHES) {
    const ratio = (pick: (f: Figures) => number) => mean(newRev, cache, pick) / mean(oldRev, cache, pick);
    console.log(
      `cache ${cache}: readers ${ratio((f) => f.live.readers.rps).toFixed(2)}x the older build's, reader p99 ${ratio((f) => f.live.readers.p99).toFixed(2)}x; ` +
        `search alone ${ratio((f) => f.search.rps).toFixed(2)}x, its p99 ${ratio((f) => f.search.p99).toFixed(2)}x`,
    );
  }
  console.log(`load at the end: ${load()}`);
}

await runCleanly(async (cleanUps) => (await main(cleanUps), true));
